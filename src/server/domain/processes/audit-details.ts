import type { CreateProcess } from '#shared/processes.ts';

// What an audit entry says about a process's settings: the fields that were set, and the
// value of each except the webhook addresses and credentials, which are only named (an n8n
// webhook URL is a capability: whoever holds it runs the workflow; docs/decisions/017).

const NAMED_ONLY = new Set<string>([
  'n8nWebhookUrl',
  'inactiveFallbackWebhookUrl',
  'webhookAuthKey',
  'webhookAuthBasicPass',
  'webhookAuthJwtSecret',
]);

export function processAuditDetails(input: Partial<CreateProcess>): Record<string, unknown> {
  const shown = Object.entries(input).filter(([key]) => !NAMED_ONLY.has(key));
  return { changed: Object.keys(input), ...Object.fromEntries(shown) };
}

/** A new process: only the fields it was given (no nulls, no empty secret named). */
export const createdProcessDetails = (input: CreateProcess) =>
  processAuditDetails(
    Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)),
  );
