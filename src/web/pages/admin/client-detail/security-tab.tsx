import type { User } from '#shared/user.ts';
import { AllowedIpsCard } from './allowed-ips-card.tsx';
import { ResetPasswordCard } from './reset-password-card.tsx';

/** The Security tab: where the client may sign in from, and a new password for them. */
export function SecurityTab({ client, formKey }: { client: User; formKey: string }) {
  return (
    <div className="space-y-6">
      <AllowedIpsCard key={formKey} client={client} />
      <ResetPasswordCard client={client} />
    </div>
  );
}
