import type { FieldValue, LegalCategory, MergeField } from '#shared/legal.ts';

// A legal template is typed data: its text with {{placeholders}}, the fields only it
// uses (the organization defaults and the client/project fields come from fields.ts),
// its own defaults, and the words that select and checkbox answers stand for.

export interface TemplateDefinition {
  id: string;
  name: string;
  description: string;
  category: LegalCategory;
  useCases: string[];
  /** Fields this template alone uses; a name here overrides the shared field. */
  fields?: MergeField[];
  defaults?: Record<string, FieldValue>;
  /**
   * Text that a select or checkbox answer stands for, by field name then value
   * (checkboxes use "true"/"false"). The text may hold further {{placeholders}}.
   */
  choices?: Record<string, Record<string, string>>;
  body: string;
}

export const field = (
  name: string,
  label: string,
  description: string,
  placeholder = '',
  extra: Pick<MergeField, 'input' | 'options'> = {},
): MergeField => ({ name, label, description, placeholder, ...extra });
