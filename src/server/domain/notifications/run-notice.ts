import { claimWindow, moreRuns } from './claim-window.ts';
import type { NotifierDeps } from './notifier-deps.ts';
import { processName, sendNotice } from './send-notice.ts';
import { type NoticeKind, subscribers, wantsNotice } from './subscribers.ts';

// A run that failed, or a scheduled run that was skipped, told to each person of the
// account who asked, unless a notice for that process went to them within the window.

export interface RunEvent {
  processId: string;
  ownerId: string;
  kind: NoticeKind;
  /** "The workflow answered 500", "the plan allows every 15 minutes"… */
  reason: string;
}

export async function noticeRun(deps: NotifierDeps, event: RunEvent, now = new Date()) {
  const { db } = deps;
  const people = (await subscribers(db, event.ownerId)).filter((s) => wantsNotice(s, event.kind));
  if (people.length === 0) return;
  const name = await processName(db, event.processId);
  for (const person of people) {
    const claim = await claimWindow(db, person.id, event.processId, event.kind, now);
    if (!claim.send) continue;
    const what = event.kind === 'failure' ? 'failed' : 'was skipped';
    const held = moreRuns(claim.held);
    await sendNotice(deps, person, {
      processId: event.processId,
      name,
      kind: event.kind,
      subject: `${event.kind === 'failure' ? 'Run failed' : 'Scheduled run skipped'}: ${name}`,
      lines: [
        `"${name}" ${what}: ${event.reason}.`,
        ...(held ? [`Since the last notice, "${name}" also had ${held}.`] : []),
      ],
    });
  }
}
