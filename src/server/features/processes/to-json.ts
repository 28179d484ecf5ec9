import type { ProcessRow } from '#server/db/schema.ts';
import type { AdminProcess, ClientProcess } from '#shared/processes.ts';

export function processToAdminJson(row: ProcessRow): AdminProcess {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    clientUserId: row.clientUserId,
    n8nWebhookUrl: row.n8nWebhookUrl,
    n8nWorkflowId: row.n8nWorkflowId,
    httpMethod: row.httpMethod,
    webhookAuthKey: row.webhookAuthKey,
    webhookAuthHeaderName: row.webhookAuthHeaderName,
    webhookAuthUseBearer: row.webhookAuthUseBearer,
    webhookAuthBasicUser: row.webhookAuthBasicUser,
    webhookAuthBasicPass: row.webhookAuthBasicPass,
    inactiveFallbackWebhookUrl: row.inactiveFallbackWebhookUrl,
    isActive: row.isActive,
    webhookTimeoutSeconds: row.webhookTimeoutSeconds,
    webhookAuthJwtSecret: row.webhookAuthJwtSecret,
    inputFields: row.inputFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a client may see of its own process: never the address or credentials. */
export function processToClientJson(row: ProcessRow): ClientProcess {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    n8nWorkflowId: row.n8nWorkflowId,
    httpMethod: row.httpMethod,
    isActive: row.isActive,
    inputFields: row.inputFields,
  };
}
