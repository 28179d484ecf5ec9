import type { FieldErrors } from 'react-hook-form';
import {
  type AdminProcess,
  type CreateProcessInput,
  processMessages,
  WEBHOOK_TIMEOUT,
} from '#shared/processes.ts';

// The process form's starting values and its validation notice (SPEC §5 Create process,
// §8). Pure, so unit-tested.

/** Every field as the form edits it: text as strings ("" for none), defaults filled in. */
export function processFormValues(process?: AdminProcess): CreateProcessInput {
  return {
    name: process?.name ?? '',
    clientUserId: process?.clientUserId ?? '',
    description: process?.description ?? '',
    n8nWebhookUrl: process?.n8nWebhookUrl ?? '',
    n8nWorkflowId: process?.n8nWorkflowId ?? '',
    httpMethod: process?.httpMethod ?? 'POST',
    webhookAuthKey: process?.webhookAuthKey ?? '',
    webhookAuthHeaderName: process?.webhookAuthHeaderName ?? 'Authorization',
    webhookAuthUseBearer: process?.webhookAuthUseBearer ?? true,
    webhookAuthBasicUser: process?.webhookAuthBasicUser ?? '',
    webhookAuthBasicPass: process?.webhookAuthBasicPass ?? '',
    inactiveFallbackWebhookUrl: process?.inactiveFallbackWebhookUrl ?? '',
    isActive: process?.isActive ?? true,
    webhookTimeoutSeconds: process?.webhookTimeoutSeconds ?? WEBHOOK_TIMEOUT.defaultSeconds,
    webhookAuthJwtSecret: process?.webhookAuthJwtSecret ?? '',
    inputFields: process?.inputFields ?? [],
  };
}

// Required fields first, then the URLs, so the notice names the first thing to fix.
const order = [
  'name',
  'clientUserId',
  'n8nWebhookUrl',
  'inactiveFallbackWebhookUrl',
  'description',
  'n8nWorkflowId',
  'httpMethod',
  'webhookAuthKey',
  'webhookAuthHeaderName',
  'webhookAuthBasicUser',
  'webhookAuthBasicPass',
  'webhookAuthJwtSecret',
  'webhookTimeoutSeconds',
  'inputFields',
] as const;

/** SPEC §5's notice for the fields it names; any other field's own message otherwise. */
const specNotices: Partial<Record<(typeof order)[number], { title: string; text: string }>> = {
  name: { title: processMessages.missingTitle, text: processMessages.missingFields },
  clientUserId: { title: processMessages.missingTitle, text: processMessages.missingFields },
  n8nWebhookUrl: { title: processMessages.invalidUrlTitle, text: processMessages.webhookUrl },
  inactiveFallbackWebhookUrl: {
    title: processMessages.invalidUrlTitle,
    text: processMessages.fallbackUrl,
  },
};

/** The notice for a form that did not validate: "Missing fields", "Invalid URL", … */
export function validationNotice(errors: FieldErrors<CreateProcessInput>) {
  for (const field of order) {
    const message = errors[field]?.message;
    if (message) return specNotices[field] ?? { title: 'Check the form', text: message };
  }
  return { title: 'Check the form', text: 'Some fields need attention.' };
}

/** "EU, US , " as the options ["EU", "US"]; one option per comma. */
export const optionsFromText = (text: string) =>
  text
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);

export const optionsToText = (options: readonly string[] | undefined) => (options ?? []).join(', ');
