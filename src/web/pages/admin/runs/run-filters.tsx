import { useState } from 'react';
import { AdminRunsQuerySchema, runOutcomes } from '#shared/admin-runs.ts';
import { runStates, runTriggers } from '#shared/runs.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { ClientSelect } from '../shared/client-select.tsx';
import { stateText, triggerText } from './run-text.ts';
import type { RunsFilter } from './runs-api.ts';

// The filters of the Runs screen, checked with the server's schema before they go into
// the address, so a wrong id or days backwards are said under their field.

type Field = keyof RunsFilter;
type Draft = Record<Field, string>;

const fields: Field[] = ['clientId', 'processId', 'state', 'outcome', 'trigger', 'from', 'to', 'q'];
const draftOf = (filter: RunsFilter): Draft =>
  Object.fromEntries(fields.map((f) => [f, filter[f] ?? ''])) as Draft;

const outcomeText = { ok: 'Succeeded', failed: 'Failed' } as const;
const options = <T extends string>(values: readonly T[], text: Record<T, string>) =>
  values.map((value) => ({ value, label: text[value] }));

export function RunFilters({
  initial,
  onShow,
}: {
  /** The filters in the address; remount with a key when they change. */
  initial: RunsFilter;
  onShow: (filter: RunsFilter) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  const show = () => {
    const checked = AdminRunsQuerySchema.safeParse(draft);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    const { cursor: _cursor, ...filter } = checked.data;
    onShow(filter);
  };

  return (
    <form
      noValidate
      aria-label="Filter runs"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        show();
      }}
    >
      <ClientSelect
        label="Client"
        placeholder="All clients"
        selected={draft.clientId}
        value={draft.clientId}
        error={errors.clientId}
        onChange={set('clientId')}
        className="col-span-2"
      />
      <TextField
        label="Process id"
        value={draft.processId}
        error={errors.processId}
        onChange={set('processId')}
        className="col-span-2"
        placeholder="Any process"
      />
      <SelectField
        label="State"
        placeholder="Any state"
        options={options(runStates, stateText)}
        value={draft.state}
        error={errors.state}
        onChange={set('state')}
      />
      <SelectField
        label="Outcome"
        placeholder="Any outcome"
        options={options(runOutcomes, outcomeText)}
        value={draft.outcome}
        error={errors.outcome}
        onChange={set('outcome')}
      />
      <SelectField
        label="Trigger"
        placeholder="Any trigger"
        options={options(runTriggers, triggerText)}
        value={draft.trigger}
        error={errors.trigger}
        onChange={set('trigger')}
      />
      <TextField
        label="Run or execution id"
        type="search"
        value={draft.q}
        error={errors.q}
        onChange={set('q')}
        hint="The whole id."
      />
      <TextField
        label="Started from (UTC)"
        type="date"
        value={draft.from}
        error={errors.from}
        onChange={set('from')}
      />
      <TextField
        label="Started until (UTC)"
        type="date"
        value={draft.to}
        error={errors.to}
        onChange={set('to')}
      />
      <div className="col-span-2 flex flex-wrap items-end gap-2">
        <Button type="submit">Show runs</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(draftOf({}));
            setErrors({});
            onShow({});
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
