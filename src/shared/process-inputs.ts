import { z } from 'zod';
import { singleLine } from './text.ts';

// Inputs of a process: a short list of fields an admin defines, which the client
// fills in when pressing Run. The page validates them with inputsSchemaFor() and the
// server validates the same way; the workflow receives them under `inputs` in the payload.
// Scheduled runs send each field's default.

export const inputTypes = ['text', 'number', 'date', 'select'] as const;
export type InputType = (typeof inputTypes)[number];

export const inputMessages = {
  name: 'Input names start with a letter and hold only letters, digits and _ (at most 50).',
  label: 'Each input needs a label.',
  selectOptions: 'A select input needs at least one option.',
  required: (label: string) => `${label} is required.`,
  number: (label: string) => `${label} must be a number.`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  select: (label: string) => `${label} must be one of the listed options.`,
  tooLong: (label: string) => `${label} must be at most 1000 characters.`,
} as const;

export const InputFieldSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, inputMessages.name),
    label: z
      .string()
      .trim()
      .min(1, inputMessages.label)
      .max(100, 'Labels must be at most 100 characters')
      .refine(...singleLine('Label')),
    type: z.enum(inputTypes, { error: 'Type must be text, number, date or select' }),
    required: z.boolean().default(false),
    /** The choices of a select input; empty for other types. */
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(100)
          .refine(...singleLine('Option')),
      )
      .max(50, 'At most 50 options.')
      .default([]),
    /** What a scheduled run sends, and what the dialog starts with. */
    defaultValue: z
      .string()
      .max(1000)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, {
    message: inputMessages.selectOptions,
    path: ['options'],
  });
export type InputField = z.output<typeof InputFieldSchema>;

/**
 * An input as answers carry it: plain, without InputFieldSchema's trims and defaults, so
 * the server's response serializer can encode it (zod cannot encode a transform).
 */
export const InputFieldAnswerSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(inputTypes),
  required: z.boolean(),
  options: z.array(z.string()),
  defaultValue: z.string().nullable(),
}) satisfies z.ZodType<InputField>;
export type InputFieldInput = z.input<typeof InputFieldSchema>;

/** The value of one input as the workflow receives it. */
export type InputValue = string | number | null;
export type InputValues = Record<string, InputValue>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function valueSchema(field: InputField) {
  const { label } = field;
  const blankToNull = (v: unknown) =>
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;
  let present: z.ZodType<InputValue>;
  switch (field.type) {
    case 'number':
      present = z.coerce.number({ error: inputMessages.number(label) }).refine(Number.isFinite, {
        message: inputMessages.number(label),
      });
      break;
    case 'date':
      present = z
        .string({ error: inputMessages.date(label) })
        .trim()
        .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
          message: inputMessages.date(label),
        });
      break;
    case 'select':
      present = z
        .string({ error: inputMessages.select(label) })
        .refine((v) => field.options.includes(v), { message: inputMessages.select(label) });
      break;
    default:
      present = z
        .string({ error: inputMessages.required(label) })
        .trim()
        .max(1000, inputMessages.tooLong(label));
  }
  return z.preprocess(
    blankToNull,
    present.nullable().refine((v) => !field.required || v !== null, inputMessages.required(label)),
  );
}

/** The schema of the values for `fields`: unknown names are dropped. */
export function inputsSchemaFor(fields: InputField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, valueSchema(f)])));
}

/** What a scheduled run sends: each input's default, checked like a client's values. */
export function defaultInputs(fields: InputField[]): InputValues {
  return Object.fromEntries(
    fields.map((f) => {
      const parsed = valueSchema({ ...f, required: false }).safeParse(f.defaultValue);
      return [f.name, parsed.success ? parsed.data : null];
    }),
  );
}

/**
 * POST /api/n8n/trigger/{processId}: no body (SPEC §7) for a process without inputs, or
 * `{ inputs }` for one with inputs.
 */
export const TriggerRunSchema = z
  .object({ inputs: z.record(z.string(), z.unknown()).optional() })
  .optional();
export type TriggerRun = z.infer<typeof TriggerRunSchema>;
