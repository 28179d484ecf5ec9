import { useQueries } from '@tanstack/react-query';
import type { FieldValue, MergeField } from '#shared/legal.ts';
import { schemaQuery } from './legal-api.ts';

// The fields of every selected template, merged by name in the order the templates were
// picked, with their defaults (the first template that sets a default wins).

export interface MergedFields {
  fields: MergeField[];
  defaults: Record<string, FieldValue>;
  loading: boolean;
  error: Error | null;
  retry: () => void;
}

export function useMergedFields(templateIds: string[]): MergedFields {
  return useQueries({
    queries: templateIds.map((id) => schemaQuery(id)),
    combine: (results) => {
      const fields: MergeField[] = [];
      const seen = new Set<string>();
      const defaults: Record<string, FieldValue> = {};
      for (const result of results) {
        if (!result.data) continue;
        for (const field of result.data.schema.mergeFields) {
          if (seen.has(field.name)) continue;
          seen.add(field.name);
          fields.push(field);
        }
        for (const [name, value] of Object.entries(result.data.defaults)) {
          if (!(name in defaults)) defaults[name] = value;
        }
      }
      return {
        fields,
        defaults,
        loading: results.some((r) => r.isPending),
        error: results.find((r) => r.error)?.error ?? null,
        retry: () => {
          for (const r of results) if (r.error) void r.refetch();
        },
      };
    },
  });
}
