import { zoneName } from '#shared/dates.ts';

// The zones the Time zone field offers: every IANA zone this browser knows, each with the
// name people use for it ("America/Chicago · Central Time").

const fallback = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
];

function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return fallback;
  }
}

/** The zone this browser is in, or UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone as a choice; the browser's and a saved one are there even if Intl omits them. */
export function timeZoneChoices(saved: string | null | undefined) {
  // Chromium leaves UTC out of its list, though it is a zone people choose.
  const zones = new Set([...knownZones(), 'UTC', browserTimeZone()]);
  if (saved) zones.add(saved);
  return [...zones].sort().map((zone) => {
    const name = zoneName(zone);
    const place = zone.replaceAll('_', ' ');
    return { value: zone, label: name === zone ? place : `${place} · ${name}` };
  });
}
