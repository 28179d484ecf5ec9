import { Link } from 'react-router';
import type { SetupStep } from '#shared/attention.ts';
import { Card } from '#web/components/card.tsx';
import { ChevronDownIcon, Icon } from '#web/components/icons.tsx';
import { setupProgress, setupStepTexts } from './today-text.ts';

// The first-day checklist. Each step is read from the server's configuration and data,
// so it ticks itself; the words say done or to do, so nothing rests on colour alone.

const DoneIcon = () => (
  <Icon viewBox="0 0 20 20" stroke="none" className="size-5 shrink-0 text-green-700">
    <circle cx="10" cy="10" r="9" fill="currentColor" />
    <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" />
  </Icon>
);

const PendingStepIcon = () => (
  <Icon viewBox="0 0 20 20" className="size-5 shrink-0 text-slate-400">
    <circle cx="10" cy="10" r="8.5" />
  </Icon>
);

function StepRow({ step }: { step: SetupStep }) {
  const text = setupStepTexts[step.id];
  return (
    <li className="flex gap-3 py-3">
      <span className="mt-0.5">{step.done ? <DoneIcon /> : <PendingStepIcon />}</span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {text.title}
          <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
        </p>
        {step.done ? null : (
          <>
            <p className="mt-0.5 text-sm break-words text-slate-600">{text.hint}</p>
            {text.to ? (
              <Link
                to={text.to}
                className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
              >
                {text.action}
              </Link>
            ) : null}
          </>
        )}
      </div>
      <span
        className={`shrink-0 text-xs font-semibold tracking-wide uppercase ${step.done ? 'text-green-800' : 'text-slate-500'}`}
        aria-hidden="true"
      >
        {step.done ? 'Done' : 'To do'}
      </span>
    </li>
  );
}

/**
 * On a fresh install (no client yet) the checklist is the screen: open, first. Once a
 * client exists the day's work comes first and the steps still to do fold into a card
 * below, until every one is done.
 */
export function SetupChecklist({ steps, fresh }: { steps: SetupStep[]; fresh: boolean }) {
  const list = (
    <ul className="mt-2 divide-y divide-slate-100">
      {steps.map((step) => (
        <StepRow key={step.id} step={step} />
      ))}
    </ul>
  );
  if (fresh) {
    return (
      <section aria-labelledby="today-setup">
        <Card className="p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="today-setup" className="text-lg font-semibold text-slate-900">
              Set up your portal
            </h2>
            <span className="text-sm text-slate-600">{setupProgress(steps)}</span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Nothing needs attention yet. These steps tick themselves as you go.
          </p>
          {list}
        </Card>
      </section>
    );
  }
  return (
    <section aria-labelledby="today-setup">
      <Card className="p-5">
        <details className="group">
          <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 [&::-webkit-details-marker]:hidden">
            <h2 id="today-setup" className="text-lg font-semibold text-slate-900">
              Finish setting up
            </h2>
            <span className="flex items-center gap-2 text-sm text-slate-600">
              {setupProgress(steps)}
              <ChevronDownIcon className="size-4 text-slate-500 transition-transform group-open:rotate-180" />
            </span>
          </summary>
          {list}
        </details>
      </Card>
    </section>
  );
}
