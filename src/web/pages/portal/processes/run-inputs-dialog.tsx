import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import type { Resolver } from 'react-hook-form';
import { type InputField, type InputValues, inputsSchemaFor } from '#shared/process-inputs.ts';
import type { MyProcess } from '#shared/processes.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';

// Run with inputs: the values a process's workflow asks for, checked with the
// schema the server checks them with again; refused values come back under their fields.

type Values = Record<string, string>;

const startValues = (fields: InputField[]): Values =>
  Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? '']));

function InputControl({
  field,
  form,
}: {
  field: InputField;
  form: ReturnType<typeof useApiForm<Values, InputValues>>['form'];
}) {
  const error = form.formState.errors[field.name]?.message;
  const common = { label: field.label, error, optional: !field.required };
  const registered = form.register(field.name);
  if (field.type === 'select') {
    return (
      <SelectField
        label={field.required ? field.label : `${field.label} (optional)`}
        error={error}
        placeholder={field.required ? 'Choose…' : 'None'}
        options={field.options.map((value) => ({ value, label: value }))}
        {...registered}
      />
    );
  }
  if (field.type === 'number') {
    return <TextField {...common} type="number" inputMode="decimal" step="any" {...registered} />;
  }
  if (field.type === 'date') return <TextField {...common} type="date" {...registered} />;
  return <TextField {...common} maxLength={1000} {...registered} />;
}

function InputsForm({
  process,
  formId,
  onRun,
}: {
  process: MyProcess;
  formId: string;
  onRun: (inputs: InputValues) => Promise<unknown>;
}) {
  const fields = process.inputFields;
  const { form, onSubmit, alert } = useApiForm<Values, InputValues>({
    resolver: zodResolver(inputsSchemaFor(fields)) as unknown as Resolver<
      Values,
      unknown,
      InputValues
    >,
    fields: fields.map((f) => f.name),
    defaultValues: startValues(fields),
    submit: async (values) => {
      await onRun(values);
    },
  });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      {alert ? <Alert>{alert}</Alert> : null}
      {fields.map((field) => (
        <InputControl key={field.name} field={field} form={form} />
      ))}
    </form>
  );
}

export function RunInputsDialog({
  process,
  open,
  busy,
  onClose,
  onRun,
}: {
  process: MyProcess;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Starts the run; a refused value rejects with the server's field errors. */
  onRun: (inputs: InputValues) => Promise<unknown>;
}) {
  const formId = useId();
  return (
    <ModalDialog
      open={open}
      size="md"
      title={`Run ${process.name}`}
      description="The workflow receives these values."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Running…' : 'Run workflow'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so each run starts from the defaults. */}
      {open ? <InputsForm process={process} formId={formId} onRun={onRun} /> : null}
    </ModalDialog>
  );
}
