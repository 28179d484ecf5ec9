import { CloseButton } from './close-button.tsx';
import { Icon } from './icons.tsx';

// What the server warned about when something was saved (e.g. a webhook on a private
// address that will be refused at call time): a process, notification settings, an
// approval. It stays until dismissed: a toast would vanish before a long warning is read,
// and the next notice would replace it.

export const saveWarningTitle = (name: string) => `${name} was saved with a warning`;

export function SaveWarnings({
  title,
  warnings,
  onDismiss,
}: {
  title: string;
  warnings: string[];
  onDismiss: () => void;
}) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div className="flex items-start gap-2">
        <Icon className="mt-px size-5 shrink-0 text-amber-700">
          <path d="M12 3l10 18H2L12 3z" />
          <path d="M12 10v4M12 17.5v.5" />
        </Icon>
        <p className="min-w-0 flex-1 font-semibold break-words">{title}</p>
        <CloseButton label="Dismiss warning" onClick={onDismiss} tone="amber" />
      </div>
      {/* Full width under the title, so a long variable name fits a phone's line. */}
      <ul className="mt-2 space-y-1.5">
        {warnings.map((warning) => (
          <li key={warning} className="break-words">
            {warning}
          </li>
        ))}
      </ul>
    </div>
  );
}
