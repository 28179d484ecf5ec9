// A row of mutually exclusive filters (All / Failed / …) as radio buttons styled as a
// segmented control: arrow keys move between them, a screen reader hears one group.

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

export function SegmentedFilter<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  className,
}: {
  /** Read by screen readers, e.g. "Show runs". */
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  options: readonly FilterOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-slate-50 p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
