import { afterEach, describe, expect, it } from 'vitest';
import {
  dayKeyIn,
  dayStart,
  formatDate,
  formatDateTime,
  formatDayKey,
  formatLongDate,
  formatLongDateTime,
  formatMonthDay,
  formatMonthYear,
  formatTime,
  formatTimeWithSeconds,
  isTimeZone,
  readerTimeZone,
  setReaderTimeZone,
  utcDayAgo,
  zoneDayStart,
  zoneName,
} from './dates.ts';

// Zones are given where the reader's own would change the answer, so the tests pass in
// any TZ.
const at = '2025-03-05T15:04:05.000Z';

describe('date formats (US style)', () => {
  it('writes each style', () => {
    expect(formatDate('2025-03-05T12:00:00.000Z')).toBe('Mar 5, 2025');
    expect(formatDate(at, 'UTC')).toBe('Mar 5, 2025');
    expect(formatLongDate(at, 'UTC')).toBe('March 5, 2025');
    expect(formatDateTime(at, 'UTC')).toBe('Mar 5, 2025, 3:04 PM');
    expect(formatLongDateTime(at, 'UTC')).toBe('March 5, 2025 at 3:04 PM');
    expect(formatTime(at, 'UTC')).toBe('3:04 PM');
    expect(formatTimeWithSeconds(at, 'UTC')).toBe('3:04:05 PM');
    expect(formatMonthDay(at, 'UTC')).toBe('Mar 5');
    expect(formatMonthYear(at, 'UTC')).toBe('Mar 2025');
  });

  it('takes a Date, an ISO string or a timestamp', () => {
    const date = new Date(at);
    expect(formatDateTime(date, 'UTC')).toBe('Mar 5, 2025, 3:04 PM');
    expect(formatDateTime(date.getTime(), 'UTC')).toBe('Mar 5, 2025, 3:04 PM');
  });

  it('shows a time in the zone asked for (a schedule in Chicago)', () => {
    expect(formatDateTime(at, 'America/Chicago')).toBe('Mar 5, 2025, 9:04 AM');
  });

  it('writes nothing for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});

describe("the reader's zone", () => {
  afterEach(() => setReaderTimeZone(null));

  it('shows a time of day in the zone the account chose, with its short name', () => {
    setReaderTimeZone('America/Chicago');
    expect(readerTimeZone()).toBe('America/Chicago');
    expect(formatDateTime(at)).toBe('Mar 5, 2025, 9:04 AM CST');
    expect(formatLongDateTime(at)).toBe('March 5, 2025 at 9:04 AM CST');
    expect(formatTime(at)).toBe('9:04 AM CST');
    expect(formatTimeWithSeconds(at)).toBe('9:04:05 AM CST');
    // In July Chicago keeps daylight time, and says so.
    expect(formatTime('2025-07-05T15:04:05.000Z')).toBe('10:04 AM CDT');
    setReaderTimeZone('Asia/Kolkata');
    expect(formatTime(at)).toBe('8:34 PM GMT+5:30');
  });

  it('names the day, without a zone, in that same zone', () => {
    setReaderTimeZone('Pacific/Auckland');
    // 15:04 UTC on March 5 is already March 6 in Auckland.
    expect(formatDate(at)).toBe('Mar 6, 2025');
    expect(formatMonthDay(at)).toBe('Mar 6');
  });

  it('follows the browser when none is chosen or the choice is unknown', () => {
    setReaderTimeZone('Mars/Olympus_Mons');
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(formatTime(at)).toMatch(/^\d{1,2}:\d{2} [AP]M \S+/);
  });

  it('keeps a zone given by the caller as it was: no name (schedules, billing, UTC)', () => {
    setReaderTimeZone('America/Chicago');
    expect(formatDateTime(at, 'UTC')).toBe('Mar 5, 2025, 3:04 PM');
    expect(formatDateTime(at, 'America/New_York')).toBe('Mar 5, 2025, 10:04 AM');
  });

  it("names the account's zone in mail and documents", () => {
    expect(formatDateTime(at, { timeZone: 'America/Denver', named: true })).toBe(
      'Mar 5, 2025, 8:04 AM MST',
    );
    expect(formatLongDateTime(at, { timeZone: 'UTC', named: true })).toBe(
      'March 5, 2025 at 3:04 PM UTC',
    );
    expect(formatLongDate(at, { timeZone: 'UTC', named: true })).toBe('March 5, 2025');
  });

  it('knows a zone from a made-up name', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('day keys (YYYY-MM-DD, UTC days)', () => {
  it('reads a key as the start of that day in UTC', () => {
    expect(dayStart('2025-03-04').toISOString()).toBe('2025-03-04T00:00:00.000Z');
    expect(formatDayKey('2025-03-04')).toBe('Mar 4');
    expect(formatLongDate(dayStart('2025-12-31'), 'UTC')).toBe('December 31, 2025');
  });

  it('refuses anything else', () => {
    expect(Number.isNaN(dayStart('2025-3-4').getTime())).toBe(true);
    expect(formatDayKey('not a date')).toBe('');
  });
});

describe('utcDayAgo', () => {
  it('counts whole days back from now in UTC, whatever the local clock says', () => {
    const lateEvening = new Date('2025-03-04T23:30:00-05:00'); // already March 5 in UTC
    expect(utcDayAgo(0, lateEvening)).toBe('2025-03-05');
    expect(utcDayAgo(6, lateEvening)).toBe('2025-02-27');
    expect(utcDayAgo(365, new Date('2025-03-01T00:00:00Z'))).toBe('2024-03-01');
  });
});

describe('days in a zone', () => {
  it('names the day an instant falls on there: 03:00 UTC is the evening before in Chicago', () => {
    const at = '2026-03-06T03:00:00Z';
    expect(dayKeyIn(at, 'America/Chicago')).toBe('2026-03-05');
    expect(dayKeyIn(at, 'UTC')).toBe('2026-03-06');
    expect(dayKeyIn(at, 'Asia/Kolkata')).toBe('2026-03-06');
    expect(dayKeyIn(null, 'UTC')).toBe('');
  });

  it('finds the instant a day starts there, across changes of the clocks', () => {
    expect(zoneDayStart('2026-03-05', 'America/Chicago').toISOString()).toBe(
      '2026-03-05T06:00:00.000Z',
    );
    // Daylight time starts on March 8 at 2 AM and ends on November 1 at 2 AM.
    expect(zoneDayStart('2026-03-09', 'America/Chicago').toISOString()).toBe(
      '2026-03-09T05:00:00.000Z',
    );
    expect(zoneDayStart('2026-11-01', 'America/Chicago').toISOString()).toBe(
      '2026-11-01T05:00:00.000Z',
    );
    expect(zoneDayStart('2026-03-05', 'Pacific/Auckland').toISOString()).toBe(
      '2026-03-04T11:00:00.000Z',
    );
    expect(zoneDayStart('2026-03-05', 'UTC').toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(dayKeyIn(zoneDayStart('2026-11-01', 'America/Chicago'), 'America/Chicago')).toBe(
      '2026-11-01',
    );
    expect(Number.isNaN(zoneDayStart('5 March', 'America/Chicago').getTime())).toBe(true);
  });

  it('names a zone as people do, without the season', () => {
    expect(zoneName('America/Chicago', new Date('2026-07-01T12:00:00Z'))).toBe('Central Time');
    expect(zoneName('America/Chicago', new Date('2026-01-01T12:00:00Z'))).toBe('Central Time');
    expect(zoneName('UTC')).toBe('UTC');
  });
});
