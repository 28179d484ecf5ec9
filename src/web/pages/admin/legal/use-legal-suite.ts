import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type FieldValue,
  type GeneratedDocument,
  generationFailure,
  legalMessages,
} from '#shared/legal.ts';
import { ApiError } from '#web/lib/api.ts';
import { answerText, notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { type EstimatorState, estimateFrom, initialEstimator } from './estimator.ts';
import { legalCalls, legalKeys } from './legal-api.ts';
import { useMergedFields } from './use-merged-fields.ts';

// The legal suite's state (SPEC §4 Legal suite): selected templates, the values typed so
// far, the estimator, the generated documents and the draft names. A field shows what
// was typed into it, else the merged default; changing the selection reloads fields and
// defaults but never touches what was typed.

export function useLegalSuite({ onGenerated }: { onGenerated?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [typed, setTyped] = useState<Record<string, FieldValue>>({});
  const [estimator, setEstimator] = useState<EstimatorState>(initialEstimator);
  const [documents, setDocuments] = useState<GeneratedDocument[]>([]);
  const [draftNames, setDraftNames] = useState<{ clientName?: string; projectName?: string }>({});
  const merged = useMergedFields(selectedIds);
  const result = estimateFrom(estimator);

  const fieldValue = (name: string): FieldValue | undefined =>
    name in typed ? typed[name] : merged.defaults[name];
  const setValue = (name: string, value: FieldValue) =>
    setTyped((current) => ({ ...current, [name]: value }));
  const text = (name: string) => {
    const value = fieldValue(name);
    return typeof value === 'string' ? value : '';
  };
  // The draft is named after the document's client and project until renamed.
  const draftClientName = draftNames.clientName ?? text('clientName');
  const draftProjectName = draftNames.projectName ?? text('projectName');

  const toggleTemplate = (id: string) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const generate = useMutation({
    mutationFn: () => {
      const values: Record<string, FieldValue> = {};
      for (const field of merged.fields) values[field.name] = fieldValue(field.name) ?? '';
      return legalCalls.generate(selectedIds, values);
    },
    onSuccess: ({ documents: generated }) => {
      setDocuments(generated);
      onGenerated?.();
      toast({
        title: 'Documents generated',
        text: `${generated.length} document${generated.length === 1 ? '' : 's'} ready to preview and export.`,
        tone: 'success',
      });
    },
    onError: (error) => {
      const notice = generationFailure(error instanceof ApiError ? answerText(error) : null);
      toast({ ...notice, tone: 'error' });
    },
  });

  const onGenerate = () => {
    if (selectedIds.length === 0) {
      toast({
        title: legalMessages.noTemplatesTitle,
        text: legalMessages.noTemplates,
        tone: 'error',
      });
      return;
    }
    generate.mutate();
  };

  const saveDraft = useMutation({
    mutationFn: () =>
      legalCalls.saveDraft({
        clientName: draftClientName,
        projectName: draftProjectName,
        documents,
        metadata: {
          pricing: { setup: result.setup, monthly: result.monthly },
          complexityScore: result.score,
          estRuns: result.estRuns,
          perRunSalePrice: result.perRunSalePrice,
          baseMonthly: result.baseMonthly,
          factors: estimator.factors,
          templateIds: selectedIds,
          values: typed,
        },
      }),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: legalKeys.drafts });
      toast({ title: 'Saved', text: message, tone: 'success' });
    },
    onError: (error) => notifyFailure(error, { failed: 'Save failed', network: 'Save error' }),
  });

  const openDraft = useMutation({
    mutationFn: legalCalls.draft,
    onSuccess: (draft) => {
      const meta = draft.metadata;
      setDocuments(draft.documents);
      setSelectedIds(meta.templateIds ?? [...new Set(draft.documents.map((d) => d.templateId))]);
      // The draft's values replace the screen's; a draft saved without them starts clean.
      const values: Record<string, FieldValue> = {};
      for (const [name, value] of Object.entries(meta.values ?? {}))
        if (value !== null) values[name] = value;
      setTyped(values);
      setEstimator({
        factors: meta.factors ?? {},
        baseMonthly: String(meta.baseMonthly ?? 0),
        estRuns: String(meta.estRuns ?? 0),
        perRunSalePrice: String(meta.perRunSalePrice ?? 0),
      });
      setDraftNames({ clientName: draft.clientName, projectName: draft.projectName });
      toast({
        title: 'Draft opened',
        text: `${draft.clientName}${draft.projectName ? ` · ${draft.projectName}` : ''}`,
        tone: 'success',
      });
    },
    onError: (error) => notifyFailure(error, { failed: 'Open failed', network: 'Open error' }),
  });

  /** Copies the estimate into the fee fields of the selected templates. */
  const applyEstimate = () =>
    setTyped((current) => ({
      ...current,
      setupFee: String(result.setup),
      monthlyFee: String(result.baseMonthly),
      perRunPrice: String(result.perRunSalePrice),
    }));

  return {
    selectedIds,
    toggleTemplate,
    clearSelection: () => setSelectedIds([]),
    merged,
    fieldValue,
    setValue,
    estimator,
    setEstimator,
    result,
    applyEstimate,
    documents,
    onGenerate,
    generating: generate.isPending,
    draftClientName,
    draftProjectName,
    setDraftNames,
    saveDraft,
    openDraft,
  };
}

export type LegalSuite = ReturnType<typeof useLegalSuite>;
