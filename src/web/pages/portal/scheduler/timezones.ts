// The IANA zones the browser knows, for the timezone field's suggestions. Typing any
// other valid zone still works; the server checks it.

const fallback = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
  'UTC',
];

export function timezoneOptions(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return fallback;
  }
}
