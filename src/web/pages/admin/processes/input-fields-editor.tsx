import { useEffect, useRef, useState } from 'react';
import { inputTypes } from '#shared/process-inputs.ts';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import type { ProcessForm } from './process-fields.tsx';
import { optionsFromText, optionsToText } from './process-form-values.ts';

// A process's inputs: what the client fills in when pressing Run. They reach
// the workflow under `inputs`; a scheduled run sends each input's default.

export const MAX_INPUTS = 20;

const typeOptions = inputTypes.map((value) => ({
  value,
  label: { text: 'Text', number: 'Number', date: 'Date', select: 'Select' }[value],
}));

const blankInput = {
  name: '',
  label: '',
  type: 'text' as const,
  required: false,
  options: [],
  defaultValue: '',
};

function InputRow({
  form,
  index,
  onRemove,
}: {
  form: ProcessForm;
  index: number;
  onRemove: () => void;
}) {
  const { register, setValue, watch, getValues } = form;
  const errors = form.formState.errors.inputFields?.[index];
  const type = watch(`inputFields.${index}.type`);
  const label = watch(`inputFields.${index}.label`) || `Input ${index + 1}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <fieldset aria-label={label} className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          spellCheck={false}
          placeholder="e.g. region"
          className="[&_input]:font-mono"
          error={errors?.name?.message}
          {...register(`inputFields.${index}.name`)}
        />
        <TextField
          label="Label"
          placeholder="e.g. Region"
          error={errors?.label?.message}
          {...register(`inputFields.${index}.label`)}
        />
        <SelectField
          label="Type"
          options={typeOptions}
          error={errors?.type?.message}
          {...register(`inputFields.${index}.type`)}
        />
        {type === 'select' ? (
          <TextField
            label="Options"
            hint="Separated by commas."
            className="sm:col-span-2"
            defaultValue={optionsToText(getValues(`inputFields.${index}.options`))}
            error={errors?.options?.message ?? errors?.options?.root?.message}
            onChange={(event) =>
              setValue(`inputFields.${index}.options`, optionsFromText(event.target.value), {
                shouldDirty: true,
              })
            }
          />
        ) : null}
        <TextField
          label="Default"
          optional
          hint="Sent by scheduled runs."
          className={type === 'select' ? '' : 'sm:col-span-2'}
          error={errors?.defaultValue?.message}
          {...register(`inputFields.${index}.defaultValue`)}
        />
        <div className="flex items-center justify-between gap-3 sm:col-span-3">
          <CheckboxField label="Required" {...register(`inputFields.${index}.required`)} />
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove {label}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The rows of the list, kept in the form's own `inputFields` value. Not useFieldArray:
 * react-hook-form is one chunk shared with the public pages, tree-shaken for the whole
 * app, and that one hook put 1.6 KB on each of them, past their budget (DESIGN §6). A
 * removal renders every row afresh (a new generation of keys), so each field takes its
 * value from the form again instead of keeping the one of the row it replaces.
 */
function useInputRows(form: ProcessForm) {
  const rows = form.watch('inputFields') ?? [];
  const [generation, setGeneration] = useState(0);
  const [focusName, setFocusName] = useState<number | null>(null);
  const { setFocus } = form;
  useEffect(() => {
    if (focusName === null) return;
    setFocus(`inputFields.${focusName}.name`);
    setFocusName(null);
  }, [focusName, setFocus]);

  const current = () => form.getValues('inputFields') ?? [];
  const replace = (next: typeof rows) =>
    form.setValue('inputFields', next, { shouldDirty: true, shouldTouch: true });
  return {
    keys: rows.map((_, index) => `${generation}-${index}`),
    append: () => {
      replace([...current(), { ...blankInput }]);
      setFocusName(rows.length);
    },
    remove: (index: number) => {
      replace(current().filter((_, at) => at !== index));
      form.clearErrors('inputFields');
      setGeneration((current) => current + 1);
    },
  };
}

export function InputFieldsEditor({ form }: { form: ProcessForm }) {
  const { keys, append, remove } = useInputRows(form);
  const addButton = useRef<HTMLButtonElement>(null);
  const listError =
    form.formState.errors.inputFields?.root?.message ?? form.formState.errors.inputFields?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Inputs</legend>
      <p className="text-sm text-slate-600">
        Fields the client fills in when pressing Run; they reach the workflow under{' '}
        <code className="font-mono text-slate-800">inputs</code>. Scheduled runs send the defaults.
      </p>
      {keys.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
          No inputs: the client runs it with one click.
        </p>
      ) : (
        <ul className="space-y-3">
          {keys.map((key, index) => (
            <InputRow
              key={key}
              form={form}
              index={index}
              onRemove={() => {
                remove(index);
                // The pressed button is gone with its row: the list's own button takes focus.
                addButton.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
      {listError ? (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <Button
        ref={addButton}
        variant="secondary"
        size="sm"
        disabled={keys.length >= MAX_INPUTS}
        onClick={append}
      >
        Add input
      </Button>
    </fieldset>
  );
}
