import { queryOptions } from '@tanstack/react-query';
import { legalApi } from '#shared/api/legal.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { settingsApi } from '#shared/api/settings.ts';
import type { ExportFormat, FieldValue, GeneratedDocument } from '#shared/legal.ts';
import { fileStem } from '#shared/legal-document.ts';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';
import { saveAnswer } from '#web/lib/save-file.ts';

// The legal suite's calls (SPEC §7 Admin) and their cache keys.

export const legalKeys = {
  templates: ['admin', 'legal', 'templates'] as const,
  schemas: ['admin', 'legal', 'schema'] as const,
  schema: (id: string) => ['admin', 'legal', 'schema', id] as const,
  drafts: ['admin', 'legal', 'drafts'] as const,
  defaults: ['legal', 'defaults'] as const,
};

export const templatesQuery = () =>
  queryOptions({
    queryKey: legalKeys.templates,
    queryFn: () => callApi(legalApi.templates),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const schemaQuery = (id: string) =>
  queryOptions({
    queryKey: legalKeys.schema(id),
    queryFn: () => callApi(legalApi.templateSchema, { params: { id } }),
  });

export const draftsQuery = () =>
  queryOptions({
    queryKey: legalKeys.drafts,
    queryFn: () => callApi(legalApi.drafts),
  });

export const defaultsQuery = () =>
  queryOptions({
    queryKey: legalKeys.defaults,
    queryFn: () => callApi(settingsApi.legalDefaults),
  });

export const legalCalls = {
  generate: (templateIds: string[], values: Record<string, FieldValue>) =>
    callApi(legalApi.generate, { body: { templateIds, values } }),
  saveDraft: (body: BodyOf<typeof legalApi.saveDraft>) => callApi(legalApi.saveDraft, { body }),
  draft: (id: string) => callApi(legalApi.draft, { params: { id } }),
  saveDefaults: (body: BodyOf<typeof settingsApi.saveLegalDefaults>) =>
    callApi(settingsApi.saveLegalDefaults, { body }),
};

/** Asks the server for the file and hands it to the browser as a download. */
export async function downloadExport(format: ExportFormat, document: GeneratedDocument) {
  const response = await callApiRaw(legalApi.export, {
    body: { format, name: document.name, content: document.content },
  });
  await saveAnswer(response, `${fileStem(document.name)}.${format}`);
}
