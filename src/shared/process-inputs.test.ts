import { describe, expect, it } from 'vitest';
import {
  defaultInputs,
  type InputFieldInput,
  InputFieldSchema,
  inputsSchemaFor,
} from './process-inputs.ts';

// The one check of a client's input values, run by the dialog and again by the server.

const fields = (
  [
    { name: 'customer', label: 'Customer', type: 'text', required: true },
    { name: 'amount', label: 'Amount', type: 'number', defaultValue: '10' },
    { name: 'day', label: 'Day', type: 'date' },
    { name: 'region', label: 'Region', type: 'select', options: ['US', 'EU'], defaultValue: 'US' },
  ] satisfies InputFieldInput[]
).map((f) => InputFieldSchema.parse(f));
const schema = inputsSchemaFor(fields);
const messages = (values: unknown) =>
  schema.safeParse(values).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('process inputs', () => {
  it('accepts good values, coercing numbers and dropping unknown names', () => {
    expect(
      schema.parse({ customer: ' Acme ', amount: '12.5', day: '2026-11-24', region: 'EU', x: 1 }),
    ).toEqual({ customer: 'Acme', amount: 12.5, day: '2026-11-24', region: 'EU' });
    expect(schema.parse({ customer: 'Acme', amount: '', day: '' })).toEqual({
      customer: 'Acme',
      amount: null,
      day: null,
      region: null,
    });
  });

  it('names the field and the rule it breaks', () => {
    expect(messages({ customer: '  ', amount: 'lots', day: '24/11/2026', region: 'Mars' })).toEqual(
      [
        'customer: Customer is required.',
        'amount: Amount must be a number.',
        'day: Day must be a date (YYYY-MM-DD).',
        'region: Region must be one of the listed options.',
      ],
    );
    expect(messages({ customer: 'x'.repeat(1001) })).toEqual([
      'customer: Customer must be at most 1000 characters.',
    ]);
  });

  it('gives a scheduled run the defaults', () => {
    expect(defaultInputs(fields)).toEqual({ customer: null, amount: 10, day: null, region: 'US' });
  });

  it('refuses a select without options and a name that is not an identifier', () => {
    expect(InputFieldSchema.safeParse({ name: 'r', label: 'R', type: 'select' }).success).toBe(
      false,
    );
    expect(InputFieldSchema.safeParse({ name: '1st', label: 'R', type: 'text' }).success).toBe(
      false,
    );
  });
});
