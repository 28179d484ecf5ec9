import { DEFAULT_CRON } from '#shared/scheduler.ts';

// The schedule presets: "every hour", "every day at 09:00", "weekdays at…",
// "every Monday at…" write the cron for the client; anything else is a custom cron,
// typed in the advanced field. Pure, so both directions are unit-tested.

export const repeatOptions = [
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Weekdays (Monday to Friday)' },
  { value: 'weekly', label: 'Every week' },
  { value: 'custom', label: 'Custom (cron expression)' },
] as const;
export type Repeat = (typeof repeatOptions)[number]['value'];

/** Monday first, as people read a week; cron counts Sunday as 0. */
export const weekdayOptions = [
  { value: '1', label: 'Monday' },
  { value: '2', label: 'Tuesday' },
  { value: '3', label: 'Wednesday' },
  { value: '4', label: 'Thursday' },
  { value: '5', label: 'Friday' },
  { value: '6', label: 'Saturday' },
  { value: '0', label: 'Sunday' },
] as const;

export interface Preset {
  repeat: Repeat;
  /** HH:MM, 24-hour, in the schedule's timezone. */
  time: string;
  /** 0 (Sunday) to 6, for a weekly schedule. */
  weekday: string;
}

export const DEFAULT_TIME = '09:00';
const defaults = { time: DEFAULT_TIME, weekday: '1' };

export const isRepeat = (value: string): value is Repeat =>
  repeatOptions.some((option) => option.value === value);

/** The cron a preset writes; null for a custom one (the typed cron stands). */
export function cronOf(preset: Preset): string | null {
  if (preset.repeat === 'hourly') return DEFAULT_CRON;
  if (preset.repeat === 'custom') return null;
  const [hour = '9', minute = '0'] = (preset.time || DEFAULT_TIME).split(':');
  const at = `${Number(minute)} ${Number(hour)}`;
  if (preset.repeat === 'daily') return `${at} * * *`;
  if (preset.repeat === 'weekdays') return `${at} * * 1-5`;
  return `${at} * * ${preset.weekday}`;
}

const two = (n: number) => String(n).padStart(2, '0');
const AT_TIME = /^(\d{1,2}) (\d{1,2}) \* \* (\*|1-5|[0-6])$/;

/** The preset a cron is, or custom with the defaults when no preset writes it. */
export function presetOf(cron: string): Preset {
  const text = cron.trim().replace(/\s+/g, ' ');
  if (text === DEFAULT_CRON) return { repeat: 'hourly', ...defaults };
  const match = AT_TIME.exec(text);
  const minute = Number(match?.[1]);
  const hour = Number(match?.[2]);
  if (!match || minute > 59 || hour > 23) return { repeat: 'custom', ...defaults };
  const time = `${two(hour)}:${two(minute)}`;
  const days = match[3]!;
  if (days === '*') return { repeat: 'daily', time, weekday: defaults.weekday };
  if (days === '1-5') return { repeat: 'weekdays', time, weekday: defaults.weekday };
  return { repeat: 'weekly', time, weekday: days };
}
