import { brand } from '#shared/brand.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CopyButton } from './copy-button.tsx';

// The ten one-time recovery codes, shown once right after two-factor sign-in is turned
// on: the server keeps only their hashes, so this is the only chance to save them.

function download(codes: string[]) {
  const text = [
    `${brand.name} recovery codes`,
    'Each code works once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-5">
      <Alert tone="success" title="Two-factor sign-in is on">
        Save these recovery codes somewhere safe, such as a password manager. If you lose your
        phone, each code signs you in once. They will not be shown again.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900 min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button variant="secondary" size="sm" onClick={() => download(codes)}>
          Download as text file
        </Button>
        <Button size="sm" onClick={onDone} className="sm:ml-auto">
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}
