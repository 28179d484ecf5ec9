import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldError, fieldIds } from './field.tsx';

// A labelled native <select> (keyboard and screen-reader support for free), wired like
// TextField: the error sits under it, aria-invalid marks it, aria-describedby reads it.

interface SelectFieldProps extends ComponentProps<'select'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice such as "Choose a client…". */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  id: givenId,
  className,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const ids = fieldIds(id);
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block h-10 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={ids.hint} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}
