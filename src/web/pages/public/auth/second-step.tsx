import type { ReactNode } from 'react';

// What both forms of the second sign-in step show: what the step is, and the way back.

export function SecondStepHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="font-medium text-slate-600 hover:text-slate-900 hover:underline"
    >
      Back to sign in
    </button>
  );
}
