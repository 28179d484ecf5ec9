import { useQuery } from '@tanstack/react-query';
import { curlExample } from '#shared/api-tokens.ts';
import { myProcessesQuery } from '../shared/processes-api.ts';
import { CopyButton } from './copy-button.tsx';

// How software uses a token: the API reference and a curl line that starts a run, naming
// one of the account's processes when there is one.

export function ApiTokenUsage({ secret }: { secret?: string }) {
  const processes = useQuery(myProcessesQuery());
  const first = processes.data?.[0];
  const origin = window.location.origin;
  const example = curlExample(origin, first?._id ?? '<processId>', secret);
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Your software sends the token in the{' '}
        <code className="font-mono text-xs whitespace-nowrap">Authorization: Bearer pat_…</code>{' '}
        header. It can list your processes, start runs (with inputs) and read runs, under the same
        plan rules and run history as this portal; runs it starts show “API token” as their trigger.
        Every route that accepts a token is marked in the{' '}
        <a
          href="/api/docs"
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          API reference (OpenAPI)
        </a>
        .
      </p>
      <div>
        <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-slate-800">
            Start a run{first ? ` of “${first.name}”` : ''} from a terminal
          </p>
          <CopyButton text={example} label="Copy command" />
        </div>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100">
          {example}
        </pre>
        <p className="mt-1.5 text-slate-600">
          The answer’s <code className="font-mono text-xs">X-Run-Id</code> header names the run;
          read it back with{' '}
          <code className="font-mono text-xs">GET /api/n8n/runs/&lt;runId&gt;</code>.
        </p>
      </div>
    </div>
  );
}
