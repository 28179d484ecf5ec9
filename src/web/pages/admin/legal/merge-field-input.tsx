import { type FieldValue, inputFor, type MergeField } from '#shared/legal.ts';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';

// One merge field drawn as the input its schema names, or the one guessed from its name
// when the schema gives none (SPEC §5).

export function MergeFieldInput({
  field,
  value,
  onChange,
}: {
  field: MergeField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const input = inputFor(field);
  const text = value === undefined || typeof value === 'boolean' ? '' : String(value);
  const common = {
    name: field.name,
    label: field.label,
    hint: field.description || undefined,
    placeholder: field.placeholder || undefined,
  };
  switch (input) {
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          rows={4}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          className="@lg:col-span-2"
        />
      );
    case 'checkbox':
      return (
        <CheckboxField
          name={field.name}
          label={field.label}
          checked={value === true || value === 'true'}
          onChange={(e) => onChange(e.target.checked)}
          className="@lg:col-span-2"
        />
      );
    case 'select':
      return (
        <SelectField
          name={field.name}
          label={field.label}
          hint={common.hint}
          placeholder="Choose…"
          options={field.options ?? []}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date':
      return (
        <TextField
          {...common}
          type="date"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'currency':
      return (
        <TextField
          {...common}
          type="number"
          inputMode="decimal"
          min={0}
          step={input === 'currency' ? 0.01 : 'any'}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return <TextField {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}
