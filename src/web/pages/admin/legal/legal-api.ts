import { queryOptions } from '@tanstack/react-query';
import type {
  Draft,
  DraftSaved,
  DraftSummary,
  ExportFormat,
  FieldValue,
  GeneratedDocument,
  GeneratedDocuments,
  LegalTemplate,
  SaveDraftInput,
  TemplateSchemaResponse,
} from '#shared/legal.ts';
import type {
  LegalDefaults,
  LegalDefaultsInput,
  LegalDefaultsSaved,
} from '#shared/legal-defaults.ts';
import { fileStem } from '#shared/legal-document.ts';
import { api, responseError } from '#web/lib/api.ts';
import { saveFile } from '#web/lib/save-file.ts';

// The legal suite's calls (SPEC §7 Admin) and their cache keys.

const base = '/api/legal';
const enc = encodeURIComponent;

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
    queryFn: () => api.get<LegalTemplate[]>(`${base}/templates`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const schemaQuery = (id: string) =>
  queryOptions({
    queryKey: legalKeys.schema(id),
    queryFn: () => api.get<TemplateSchemaResponse>(`${base}/templates/${enc(id)}/schema`),
  });

export const draftsQuery = () =>
  queryOptions({
    queryKey: legalKeys.drafts,
    queryFn: () => api.get<DraftSummary[]>(`${base}/drafts`),
  });

export const defaultsQuery = () =>
  queryOptions({
    queryKey: legalKeys.defaults,
    queryFn: () => api.get<LegalDefaults>(`${base}/defaults`),
  });

export const legalCalls = {
  generate: (templateIds: string[], values: Record<string, FieldValue>) =>
    api.post<GeneratedDocuments>(`${base}/generate`, { templateIds, values }),
  saveDraft: (body: SaveDraftInput) => api.post<DraftSaved>(`${base}/drafts`, body),
  draft: (id: string) => api.get<Draft>(`${base}/drafts/${enc(id)}`),
  saveDefaults: (body: LegalDefaultsInput) => api.put<LegalDefaultsSaved>(`${base}/defaults`, body),
};

function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/** Asks the server for the file and hands it to the browser as a download. */
export async function downloadExport(format: ExportFormat, document: GeneratedDocument) {
  const response = await api.raw('POST', `${base}/export`, {
    format,
    name: document.name,
    content: document.content,
  });
  if (!response.ok) throw await responseError(response);
  saveFile(
    await response.blob(),
    filenameFrom(
      response.headers.get('content-disposition'),
      `${fileStem(document.name)}.${format}`,
    ),
  );
}
