import {
  AlertIcon,
  ChartIcon,
  ClipboardIcon,
  LockIcon,
  PlugIcon,
  RefreshIcon,
  ServerIcon,
  ShuffleIcon,
  UsersIcon,
  WebhookIcon,
} from '#web/components/feature-icons.tsx';
import { CalendarIcon, type IconComponent } from '#web/components/icons.tsx';
import type { AutomationIcon } from '#web/content/automation.ts';

export const automationIcons: Record<AutomationIcon, IconComponent> = {
  plug: PlugIcon,
  refresh: RefreshIcon,
  shuffle: ShuffleIcon,
  webhook: WebhookIcon,
  alert: AlertIcon,
  server: ServerIcon,
  chart: ChartIcon,
  users: UsersIcon,
  clipboard: ClipboardIcon,
  calendar: CalendarIcon,
  lock: LockIcon,
};
