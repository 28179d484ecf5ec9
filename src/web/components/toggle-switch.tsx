import { type ComponentProps, type ReactNode, useId } from 'react';

// An on/off setting drawn as a switch. Underneath it is a native checkbox, so forms,
// the keyboard (Space toggles) and screen readers ("checkbox, checked") just work.

export function ToggleSwitch({
  label,
  description,
  id: givenId,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const descriptionId = `${id}-description`;
  return (
    <div
      className={['flex items-start justify-between gap-4', className].filter(Boolean).join(' ')}
    >
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          aria-describedby={description ? descriptionId : undefined}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors checked:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          {...input}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
