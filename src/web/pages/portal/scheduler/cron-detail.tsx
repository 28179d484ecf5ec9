// The cron behind a schedule's words, for those who want it: one click away, never in
// the way of the sentence.

export function CronDetail({ cron }: { cron: string }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="w-fit cursor-pointer rounded text-slate-600 hover:text-slate-900">
        Cron expression
      </summary>
      <code className="mt-1 ml-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all text-slate-900">
        {cron}
      </code>
    </details>
  );
}
