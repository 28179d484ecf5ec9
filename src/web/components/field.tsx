import { type ComponentProps, type ReactNode, useId } from 'react';

// Form fields with the label, hint and error wired for assistive technology: the error
// sits under the field, aria-invalid marks it, aria-describedby reads it out.

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
}

const inputBase =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm';

export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = fieldIds(id);
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={fieldIds(id).error} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}

export function TextField({
  label,
  error,
  hint,
  optional,
  id: givenId,
  className,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${inputBase} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {hint ? (
        <p id={fieldIds(id).hint} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

export function CheckboxField({
  label,
  error,
  id: givenId,
  className,
  ...input
}: Omit<FieldProps, 'hint' | 'optional'> & ComponentProps<'input'>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, null, error)}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
