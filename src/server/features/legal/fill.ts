import { formatLongDate } from '#shared/dates.ts';
import { type FieldValue, labelFromName, type MergeField } from '#shared/legal.ts';
import { currencies } from '#shared/legal-defaults.ts';
import { sharedFields } from './templates/fields.ts';
import type { TemplateDefinition } from './templates/types.ts';

// Turning a template and the form's values into a document: each {{name}} becomes the
// value formatted for its field (money, dates, chosen wording), and an empty value
// becomes a visible "[Label]" marker so nothing missing slips through unnoticed.

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

function namesIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Every placeholder the template can print, in order of first use (choices included). */
export function placeholdersOf(template: TemplateDefinition): string[] {
  const names = namesIn(template.body);
  for (const options of Object.values(template.choices ?? {})) {
    for (const text of Object.values(options)) names.push(...namesIn(text));
  }
  return [...new Set(names)];
}

/** The template's merge fields: its own, else the shared definition, else a plain one. */
export function mergeFieldsOf(template: TemplateDefinition): MergeField[] {
  const own = new Map((template.fields ?? []).map((f) => [f.name, f]));
  return placeholdersOf(template).map(
    (name) =>
      own.get(name) ??
      sharedFields.get(name) ?? {
        name,
        label: labelFromName(name),
        description: '',
        placeholder: '',
      },
  );
}

type Values = Record<string, FieldValue | null | undefined>;

const isEmpty = (value: FieldValue | null | undefined) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function asNumber(value: FieldValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function currencyOf(values: Values): string {
  const code = values.defaultCurrency;
  return typeof code === 'string' && (currencies as readonly string[]).includes(code)
    ? code
    : 'USD';
}

function formatDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatLongDate(`${value}T00:00:00Z`, 'UTC') || value;
}

/** The text a non-empty value prints as, for its field's input type. */
function formatValue(
  field: MergeField,
  value: FieldValue,
  values: Values,
  choices: Record<string, string> | undefined,
): string {
  const input = field.input;
  if (input === 'checkbox') {
    const checked = value === true || value === 'true' || value === 'on';
    return choices?.[String(checked)] ?? (checked ? 'Yes' : 'No');
  }
  const text = String(value).trim();
  if (choices?.[text] !== undefined) return choices[text];
  if (input === 'select') return field.options?.find((o) => o.value === text)?.label ?? text;
  if (input === 'currency') {
    const n = asNumber(value);
    if (n === null) return text;
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currencyOf(values),
    }).format(n);
  }
  if (input === 'number') {
    const n = asNumber(value);
    return n === null
      ? text
      : new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(n);
  }
  if (input === 'date' || (input === undefined && /date/i.test(field.name)))
    return formatDate(text);
  return text;
}

export function fillTemplate(template: TemplateDefinition, values: Values): string {
  const fields = new Map(mergeFieldsOf(template).map((f) => [f.name, f]));
  const print = (name: string) => {
    const field = fields.get(name);
    const value = values[name];
    if (!field || value === undefined || value === null || isEmpty(value)) {
      // A checkbox left unticked is an answer ("false"), not a gap.
      if (field?.input === 'checkbox' && value !== undefined && value !== null) {
        return formatValue(field, false, values, template.choices?.[name]);
      }
      return `[${field?.label ?? labelFromName(name)}]`;
    }
    return formatValue(field, value, values, template.choices?.[name]);
  };
  // Chosen wording may hold placeholders of its own, so those are filled in a second pass.
  const firstPass = template.body.replace(PLACEHOLDER, (whole, name: string) =>
    template.choices?.[name] ? print(name) : whole,
  );
  return firstPass.replace(PLACEHOLDER, (_whole, name: string) => print(name)).trimEnd();
}
