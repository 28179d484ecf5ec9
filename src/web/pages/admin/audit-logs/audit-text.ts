import type { AuditEntry } from '#shared/audit.ts';

// How an audit entry reads as text: the details in one line, cut to 300 characters on
// screen (SPEC §9), and the page's full-text filter over message, source, user, process
// and details (SPEC §7: applied on the client).

export const DETAILS_PREVIEW_LENGTH = 300;

const valueText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/** "trigger: manual · status: 500 · snippet: …"; empty when there are no details. */
export function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(' · ');
}

/** The first 300 characters, and whether anything was left out. */
export function previewOf(text: string, length = DETAILS_PREVIEW_LENGTH) {
  if (text.length <= length) return { text, truncated: false };
  return { text: `${text.slice(0, length).trimEnd()}…`, truncated: true };
}

export const userText = (entry: AuditEntry) => entry.userName ?? entry.userId ?? '';
export const processText = (entry: AuditEntry) => entry.processName ?? entry.processId ?? '';

function haystack(entry: AuditEntry): string {
  return [
    entry.message,
    entry.source,
    entry.level,
    entry.userName,
    entry.userId,
    entry.processName,
    entry.processId,
    entry.ip,
    detailsText(entry.details),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** Entries holding every word of the search, in any field and any order. */
export function searchEntries(entries: readonly AuditEntry[], search: string): AuditEntry[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = haystack(entry);
    return words.every((word) => text.includes(word));
  });
}
