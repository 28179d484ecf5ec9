import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldError, fieldIds } from './field.tsx';

/** A labelled <textarea>, wired like TextField (error, hint, aria attributes). */
export function TextAreaField({
  label,
  error,
  hint,
  optional,
  id: givenId,
  className,
  ...textarea
}: ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const ids = fieldIds(id);
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block min-h-20 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 sm:text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...textarea}
      />
      {hint ? (
        <p id={ids.hint} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}
