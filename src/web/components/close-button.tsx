import { CloseIcon } from './icons.tsx';

// The × that closes a dialog or dismisses a notice: one look and one hit area everywhere.

const tones = {
  slate: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
  amber: 'text-amber-800 hover:bg-amber-100 hover:text-amber-950',
} as const;

interface CloseButtonProps {
  label: string;
  onClick: () => void;
  tone?: keyof typeof tones;
  size?: 'sm' | 'md';
}

export function CloseButton({ label, onClick, tone = 'slate', size = 'sm' }: CloseButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`-m-1 rounded-md ${size === 'md' ? 'p-1.5' : 'p-1'} ${tones[tone]}`}
    >
      <CloseIcon className={size === 'md' ? 'size-5' : 'size-4'} />
    </button>
  );
}
