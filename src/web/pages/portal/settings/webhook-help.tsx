import { signatureHeaders } from '#shared/notifications.ts';

// How a notice is signed, for whoever builds the receiving end: one click away from the
// webhook field, so the field itself reads in plain words.

export function WebhookSignatureHelp() {
  return (
    <details className="text-sm text-slate-700">
      <summary className="w-fit cursor-pointer font-medium text-slate-800 hover:text-slate-950">
        How your endpoint can check a notice came from us
      </summary>
      <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <p>Each notice is a JSON POST with two headers:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className="font-mono text-slate-900">{signatureHeaders.timestamp}</code>: when it
            was sent, in seconds since 1970 (Unix time).
          </li>
          <li>
            <code className="font-mono text-slate-900">{signatureHeaders.signature}</code>:{' '}
            <code className="font-mono text-slate-900">v1=</code> followed by the HMAC-SHA256, in
            hex, of the timestamp, a dot and the body, keyed with your signing secret.
          </li>
        </ul>
        <p>
          Work out the same value with the secret and accept the notice only when they match. Slack
          incoming webhooks ignore these headers; nothing to set up there.
        </p>
      </div>
    </details>
  );
}
