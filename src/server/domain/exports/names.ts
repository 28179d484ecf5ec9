import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, users } from '#server/db/schema.ts';

// The names an export writes beside its rows (a run's process, who started it), looked up
// by id once for the whole export: an account's runs name a handful of processes and
// people, so a batch of thousands of rows usually asks for none.

export interface Names {
  /** Every id of the rows given has its name (null when it has none or is gone). */
  learn(rows: readonly { process_id: string; triggered_by: string | null }[]): Promise<void>;
  process(id: string): string;
  person(id: string | null): string | null;
}

export function namesFor(db: Db): Names {
  const processNames = new Map<string, string>();
  const personNames = new Map<string, string | null>();
  return {
    async learn(rows) {
      const newProcesses = [
        ...new Set(rows.map((row) => row.process_id).filter((id) => !processNames.has(id))),
      ];
      const newPeople = [
        ...new Set(
          rows
            .map((row) => row.triggered_by)
            .filter((id): id is string => id !== null && !personNames.has(id)),
        ),
      ];
      const [foundProcesses, foundPeople] = await Promise.all([
        newProcesses.length
          ? db
              .select({ id: processes.id, name: processes.name })
              .from(processes)
              .where(inArray(processes.id, newProcesses))
          : [],
        newPeople.length
          ? db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, newPeople))
          : [],
      ]);
      for (const { id, name } of foundProcesses) processNames.set(id, name);
      for (const id of newPeople) personNames.set(id, null);
      for (const { id, name } of foundPeople) personNames.set(id, name);
    },
    process: (id) => processNames.get(id) ?? '',
    person: (id) => (id === null ? null : (personNames.get(id) ?? null)),
  };
}
