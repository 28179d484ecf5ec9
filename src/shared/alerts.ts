// The consultancy's own alerts (docs/decisions/029-operations-console.md): what opens an
// incident, shared by the server that opens them and the screens that show them.

export const alertKinds = [
  'process_failing',
  'client_success_rate',
  'schedule_missed',
  'n8n_unreachable',
  'mail_failing',
] as const;

export type AlertKind = (typeof alertKinds)[number];
