// A schedule's cron said the way people say it: "Every weekday at 9:00 AM", "Every hour",
// "Every day at 6:30 PM". Covers what the scheduler's presets write and the usual
// hand-typed shapes (every N minutes or hours, a few days or times); anything else is
// null, and the screen falls back to a general cron reader. Times are on the schedule's
// own clock, US style, as formatDateTime writes them.

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const NUMBER = /^\d{1,2}$/;
const LIST = /^\d{1,2}(,\d{1,2})*$/;
const STEP = /^\*\/(\d{1,2})$/;

/** "9:00 AM", "12:30 PM", "12:00 AM" for midnight. */
export function clockTime(hour: number, minute: number): string {
  const twelve = hour % 12 || 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "a", "a and b", "a, b and c". */
export function wordList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const numbers = (field: string) => field.split(',').map(Number);
const inRange = (values: number[], max: number) => values.every((v) => v >= 0 && v <= max);
const plural = (n: number, unit: string) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`);

/** The days part, "Every day", "Every weekday", "Every Monday and Friday"; null if unusual. */
function daysPart(dayOfMonth: string, month: string, dayOfWeek: string): string | null {
  if (month !== '*') return yearlyPart(dayOfMonth, month, dayOfWeek);
  if (dayOfMonth !== '*') {
    if (dayOfWeek !== '*' || !LIST.test(dayOfMonth)) return null;
    const days = numbers(dayOfMonth);
    if (days.some((d) => d < 1 || d > 31)) return null;
    return `Every month on the ${wordList(days.map(ordinal))}`;
  }
  if (dayOfWeek === '*') return 'Every day';
  if (dayOfWeek === '1-5') return 'Every weekday';
  if (!LIST.test(dayOfWeek)) return null;
  const weekdays = numbers(dayOfWeek).map((d) => (d === 7 ? 0 : d));
  if (!inRange(weekdays, 6)) return null;
  const sorted = [...new Set(weekdays)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  if (sorted.length === 2 && sorted[0] === 6 && sorted[1] === 0) return 'Every Saturday and Sunday';
  return `Every ${wordList(sorted.map((d) => dayNames[d]!))}`;
}

/** "Every year on January 1": one month and one day of it. */
function yearlyPart(dayOfMonth: string, month: string, dayOfWeek: string): string | null {
  if (dayOfWeek !== '*' || !NUMBER.test(month) || !NUMBER.test(dayOfMonth)) return null;
  const name = monthNames[Number(month) - 1];
  const day = Number(dayOfMonth);
  if (!name || day < 1 || day > 31) return null;
  return `Every year on ${name} ${day}`;
}

/** Runs more than once an hour or every few hours, on every day. */
function repeatingPart(minute: string, hour: string): string | null {
  const minuteStep = STEP.exec(minute);
  if (minute === '*' && hour === '*') return 'Every minute';
  if (minuteStep && hour === '*') return plural(Number(minuteStep[1]), 'minute');
  if (!NUMBER.test(minute) || Number(minute) > 59) return null;
  const past = Number(minute) === 0 ? '' : `, at ${Number(minute)} minutes past`;
  if (hour === '*') return `Every hour${past}`;
  const hourStep = STEP.exec(hour);
  if (hourStep) return `${plural(Number(hourStep[1]), 'hour')}${past}`;
  return null;
}

/** The cron in words, or null when it is not one of the shapes said here. */
export function cronInWords(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  const everyDay = dayOfMonth === '*' && month === '*' && dayOfWeek === '*';
  if (everyDay && (hour === '*' || STEP.test(hour))) return repeatingPart(minute, hour);
  if (!NUMBER.test(minute) || !LIST.test(hour)) return null;
  const hours = numbers(hour);
  if (Number(minute) > 59 || !inRange(hours, 23)) return null;
  const days = daysPart(dayOfMonth, month, dayOfWeek);
  if (!days) return null;
  const times = [...new Set(hours)].sort((a, b) => a - b).map((h) => clockTime(h, Number(minute)));
  return `${days} at ${wordList(times)}`;
}
