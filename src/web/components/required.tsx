// How a form marks its required fields (the contact form, registration): an asterisk after
// the label, explained once above the fields; the input carries aria-required.

/** A label with the asterisk that marks a required field. */
export function Required({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
}

/** "Fields marked * are required." */
export function RequiredNote({ className = 'mb-6' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      Fields marked{' '}
      <span aria-hidden="true" className="font-semibold text-red-700">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}
