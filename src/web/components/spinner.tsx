/** A spinning ring. Pass a label when nothing else on screen says what is loading. */
export function Spinner({ label, className = 'size-6' }: { label?: string; className?: string }) {
  return (
    <span className="inline-flex items-center gap-3" role={label ? 'status' : undefined}>
      <svg
        className={`${className} animate-spin text-brand-700`}
        viewBox="0 0 24 24"
        aria-hidden="true"
      >
        <circle
          cx="12"
          cy="12"
          r="10"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="3"
        />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      {label ? <span className="text-sm text-slate-600">{label}</span> : null}
    </span>
  );
}
