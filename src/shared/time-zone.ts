import { z } from 'zod';
import { isTimeZone } from './dates.ts';

// The one zone an account reads every time in (the Profile's Time zone field). Null
// follows the browser the person is using. The page and the server check with this.

export const timeZoneMessages = {
  unknown: 'Choose a time zone from the list, such as America/Chicago.',
  saved: 'Time zone saved.',
  followsBrowser: 'Times now follow this browser’s time zone.',
} as const;

export const TimeZoneFieldSchema = z
  .string({ error: timeZoneMessages.unknown })
  .trim()
  .max(64, timeZoneMessages.unknown)
  .refine(isTimeZone, timeZoneMessages.unknown)
  // Intl reads names in any case; keep the one spelling it gives back.
  .transform(
    (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
  )
  .nullable();

export const SaveTimeZoneSchema = z.object({ timeZone: TimeZoneFieldSchema });
export type SaveTimeZone = z.infer<typeof SaveTimeZoneSchema>;

export const TimeZoneSavedSchema = z.object({
  message: z.string(),
  timeZone: z.string().nullable(),
});
export type TimeZoneSaved = z.infer<typeof TimeZoneSavedSchema>;

/** The Profile's field: empty follows the browser, sent as null. */
export const TimeZoneFormSchema = z.object({
  timeZone: z
    .string()
    .transform((zone) => zone.trim() || null)
    .pipe(TimeZoneFieldSchema),
});
export type TimeZoneForm = z.input<typeof TimeZoneFormSchema>;
