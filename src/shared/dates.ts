// Every date and time people read, US style (SPEC is written for US clients), in one
// place so screens, documents and PDFs agree. Without a zone, a value is shown in the
// reader's zone: the one their account chose (setReaderTimeZone, set once the session is
// known), else the browser's; a time of day then says which zone it is in ("3:04 PM
// CST"), since the reader may be looking at several. A zone given names its own context
// and keeps the plain form: 'UTC' for the server's day keys, an IANA zone for a schedule
// or for billing (its one zone, BILLING_TIME_ZONE, so a PDF and a web page name the same
// day). Mail and PDFs pass { timeZone, named: true } for the account's zone, named.
// A missing or unreadable value formats as '' (never "Invalid Date", never a RangeError
// from Intl), so a caller shows nothing or its own fallback (`formatDate(x) || '—'`).

export type DateInput = string | number | Date;

// Spelled out field by field, not as dateStyle/timeStyle: Intl refuses a zone name beside
// those, and these give the same words.
const clock = { hour: 'numeric', minute: '2-digit' } as const;

const styles = {
  /** "Mar 5, 2025" */
  date: { dateStyle: 'medium' },
  /** "March 5, 2025" */
  longDate: { dateStyle: 'long' },
  /** "Mar 5, 2025, 3:04 PM" */
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', ...clock },
  /** "March 5, 2025 at 3:04 PM" */
  longDateTime: { month: 'long', day: 'numeric', year: 'numeric', ...clock },
  /** "3:04 PM" */
  time: clock,
  /** "3:04:05 PM" */
  timeWithSeconds: { ...clock, second: '2-digit' },
  /** "Mar 5" */
  monthDay: { month: 'short', day: 'numeric' },
  /** "Mar 2025" */
  monthYear: { month: 'short', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof styles;

/** The styles that show a time of day: in the reader's zone they carry its short name. */
const timeOfDay = new Set<Style>(['dateTime', 'longDateTime', 'time', 'timeWithSeconds']);

/** A zone to show a value in: an IANA name, or that name said beside each time of day. */
export type ZoneChoice = string | { timeZone?: string | null; named: true };

/** Whether Intl knows `value` as a time zone (an IANA name such as America/Chicago). */
export function isTimeZone(value: string): boolean {
  if (!value.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// The zone of the person reading: set once their session is known (web/lib), undefined
// to follow the runtime's own (the browser's).
let readerZone: string | undefined;

/** Shows every value formatted without a zone in `timeZone`; null follows the browser. */
export function setReaderTimeZone(timeZone: string | null | undefined): void {
  readerZone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
}

/** The zone values without one are shown in: the reader's choice, else the runtime's. */
export function readerTimeZone(): string {
  return readerZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// Building an Intl.DateTimeFormat is far slower than using one, and lists format many
// dates: keep one per style and zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, timeZone: string | undefined, named: boolean) {
  const key = `${style} ${timeZone ?? ''} ${named}`;
  let format = formats.get(key);
  if (!format) {
    const name = named && timeOfDay.has(style) ? { timeZoneName: 'short' as const } : {};
    format = new Intl.DateTimeFormat('en-US', { ...styles[style], ...name, timeZone });
    formats.set(key, format);
  }
  return format;
}

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const styled =
  (style: Style) =>
  (value: DateInput | null | undefined, zone?: ZoneChoice): string => {
    const date = toDate(value);
    if (!date) return '';
    if (typeof zone === 'string') return formatter(style, zone, false).format(date);
    // An unknown zone (a stale stored choice) must not throw: it reads as the reader's.
    const chosen = zone?.timeZone && isTimeZone(zone.timeZone) ? zone.timeZone : undefined;
    return formatter(style, chosen ?? readerZone, true).format(date);
  };

export const formatDate = styled('date');
export const formatLongDate = styled('longDate');
export const formatDateTime = styled('dateTime');
export const formatLongDateTime = styled('longDateTime');
export const formatTime = styled('time');
export const formatTimeWithSeconds = styled('timeWithSeconds');
export const formatMonthDay = styled('monthDay');
export const formatMonthYear = styled('monthYear');

/**
 * A day key (YYYY-MM-DD, as the server counts days: in UTC) as the instant it starts, so
 * it formats as that same day with timeZone 'UTC'. Anything else gives an invalid date.
 */
export const dayStart = (key: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(key) ? `${key}T00:00:00Z` : Number.NaN);

/** "Mar 4" for a day key (YYYY-MM-DD, a UTC day as the server counts them). */
export const formatDayKey = (key: string) => formatMonthDay(dayStart(key), 'UTC');

const DAY_MS = 86_400_000;

/** The UTC day key (YYYY-MM-DD) `days` days before `now`: 0 is today, 6 starts a week. */
export const utcDayAgo = (days: number, now = new Date()) =>
  new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

// A zone's wall clock, to name the day an instant falls on there and the instant a day
// starts there. One formatter per zone, as above.
const clocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): Record<string, number> {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  return Object.fromEntries(
    clock
      .formatToParts(at)
      .flatMap((p) => (p.type === 'literal' ? [] : [[p.type, Number(p.value)]])),
  );
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/**
 * The day key (YYYY-MM-DD) of the day `value` falls on in `timeZone`: 03:00 UTC is still
 * the evening before in Chicago. '' for a missing or unreadable value.
 */
export function dayKeyIn(value: DateInput | null | undefined, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = wallClock(date, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in ms (negative west of UTC). */
function offsetAt(at: Date, timeZone: string): number {
  const c = wallClock(at, timeZone);
  const wall = Date.UTC(c.year ?? 0, (c.month ?? 1) - 1, c.day, c.hour, c.minute, c.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a day key starts in `timeZone` (its midnight there), e.g. the day an admin
 * says a payment arrived. Anything but a day key gives an invalid date.
 */
export function zoneDayStart(key: string, timeZone: string): Date {
  const utc = dayStart(key).getTime();
  if (Number.isNaN(utc)) return new Date(Number.NaN);
  // The offset at UTC midnight, then again at the guess: right across a change of clocks.
  const guess = utc - offsetAt(new Date(utc), timeZone);
  return new Date(utc - offsetAt(new Date(guess), timeZone));
}

/**
 * A zone as people name it, without the season: "Central Time", "India Time". A zone
 * with no such name (UTC) reads as its identifier.
 */
export function zoneName(timeZone: string, at = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name && !name.startsWith('GMT') ? name : timeZone;
}
