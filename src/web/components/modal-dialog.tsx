import { type ReactNode, useId } from 'react';
import { CloseButton } from './close-button.tsx';
import { useModal } from './use-modal.ts';

// A modal panel for reading or editing something beside the screen (a guide, a settings
// form). A native modal <dialog>: focus moves in and stays, Escape closes, the page
// behind is inert. The body scrolls when it is taller than the window.

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export function ModalDialog({
  open,
  title,
  description,
  onClose,
  children,
  footer,
  size = 'lg',
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
}) {
  const ref = useModal(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] flex-col rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:not([open])]:hidden ${widths[size]}`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        <CloseButton label="Close" onClick={onClose} size="md" />
      </div>
      {/* Focusable so keyboard users can scroll a long body that has no controls. */}
      <section
        aria-labelledby={titleId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-5 py-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:px-6"
      >
        {children}
      </section>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
