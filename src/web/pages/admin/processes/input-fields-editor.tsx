import { useFieldArray } from 'react-hook-form';
import { inputTypes } from '#shared/process-inputs.ts';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import type { ProcessForm } from './process-fields.tsx';
import { optionsFromText, optionsToText } from './process-form-values.ts';

// A process's inputs (issue 14): what the client fills in when pressing Run. They reach
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

export function InputFieldsEditor({ form }: { form: ProcessForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'inputFields' });
  const listError =
    form.formState.errors.inputFields?.root?.message ?? form.formState.errors.inputFields?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Inputs</legend>
      <p className="text-sm text-slate-600">
        Fields the client fills in when pressing Run; they reach the workflow under{' '}
        <code className="font-mono text-slate-800">inputs</code>. Scheduled runs send the defaults.
      </p>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
          No inputs: the client runs it with one click.
        </p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => (
            <InputRow key={field.id} form={form} index={index} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
      {listError ? (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= MAX_INPUTS}
        onClick={() => append({ ...blankInput }, { shouldFocus: true })}
      >
        Add input
      </Button>
    </fieldset>
  );
}
