import type { TeamRole } from '#shared/team.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';

// One label and colour per team role, on the members list and the pending invites.

const roles: Record<TeamRole, { label: string; tone: BadgeTone }> = {
  owner: { label: 'Owner', tone: 'blue' },
  admin: { label: 'Admin', tone: 'green' },
  member: { label: 'Member', tone: 'slate' },
};

export const roleLabel = (role: TeamRole) => roles[role].label;

export function RoleBadge({ role }: { role: TeamRole }) {
  return <Badge tone={roles[role].tone}>{roles[role].label}</Badge>;
}
