import { describe, expect, it } from 'vitest';
import {
  GenerateSchema,
  generationFailure,
  guessFieldInput,
  inputFor,
  labelFromName,
  legalMessages,
  SaveDraftSchema,
} from './legal.ts';

describe('guessFieldInput (SPEC §5 legal field types)', () => {
  it.each([
    ['projectDescription', 'textarea'],
    ['scopeOfWork', 'textarea'],
    ['paymentTerms', 'textarea'],
    ['clientAddress', 'textarea'],
    ['notes', 'textarea'],
    ['ndaPurpose', 'textarea'],
    ['effectiveDate', 'date'],
    ['startDate', 'date'],
    ['date', 'date'],
    ['clientName', 'text'],
    ['emailAddress', 'text'],
    ['ipAddress', 'text'],
    ['defaultNetDays', 'text'],
    ['validUntil', 'text'],
  ])('%s → %s', (name, input) => {
    expect(guessFieldInput(name)).toBe(input);
  });

  it('prefers long text over date when a name has both', () => {
    expect(guessFieldInput('dateNotes')).toBe('textarea');
  });

  it('uses the schema input when given, and guesses only when absent', () => {
    expect(inputFor({ name: 'effectiveDate', input: 'text' })).toBe('text');
    expect(inputFor({ name: 'effectiveDate' })).toBe('date');
    expect(inputFor({ name: 'fee', input: 'currency' })).toBe('currency');
  });
});

describe('labelFromName', () => {
  it('splits camelCase, acronyms and separators', () => {
    expect(labelFromName('clientSignatoryName')).toBe('Client Signatory Name');
    expect(labelFromName('defaultInsuranceMinimumUSD')).toBe('Default Insurance Minimum USD');
    expect(labelFromName('sow_number')).toBe('Sow Number');
  });
});

describe('legal schemas and notices (SPEC §5, §8)', () => {
  it('needs at least one template to generate', () => {
    const empty = GenerateSchema.safeParse({ templateIds: [], values: {} });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(legalMessages.noTemplates);
    expect(legalMessages.noTemplatesTitle).toBe('No templates selected');
    expect(legalMessages.noTemplates).toBe('Please select at least one template to generate.');
  });

  it('words a failed generation as the spec says', () => {
    expect(generationFailure('Template missing')).toEqual({
      title: 'Generation failed',
      text: 'Server error: Template missing',
    });
    expect(generationFailure(null)).toEqual({
      title: 'Generation failed',
      text: 'Failed to generate documents. Please try again.',
    });
  });

  it('requires a client name and documents for a draft', () => {
    const result = SaveDraftSchema.safeParse({
      clientName: ' ',
      documents: [],
      metadata: {
        pricing: { setup: 300, monthly: 0 },
        complexityScore: 0,
        estRuns: 0,
        perRunSalePrice: 0,
        baseMonthly: 0,
      },
    });
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual([legalMessages.clientNameRequired, legalMessages.documentsRequired]);
  });
});
