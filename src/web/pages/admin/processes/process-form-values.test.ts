import { describe, expect, it } from 'vitest';
import { type AdminProcess, CreateProcessSchema, processMessages } from '#shared/processes.ts';
import {
  optionsFromText,
  optionsToText,
  processFormValues,
  validationNotice,
} from './process-form-values.ts';

const errorsOf = (values: object) => {
  const result = CreateProcessSchema.safeParse(values);
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    errors[key] ??= { message: issue.message };
  }
  return errors;
};

describe('process form values', () => {
  it('starts a new process with the spec defaults', () => {
    expect(processFormValues()).toMatchObject({
      httpMethod: 'POST',
      webhookAuthHeaderName: 'Authorization',
      webhookAuthUseBearer: true,
      isActive: true,
      webhookTimeoutSeconds: 30,
      inputFields: [],
      name: '',
      n8nWebhookUrl: '',
    });
  });

  it('edits an existing process with nulls as empty text', () => {
    const process = {
      _id: 'p1',
      name: 'Sync',
      description: null,
      clientUserId: 'u1',
      n8nWebhookUrl: 'https://hooks.example.test/x',
      n8nWorkflowId: null,
      httpMethod: 'PUT',
      webhookAuthKey: null,
      webhookAuthHeaderName: 'X-Key',
      webhookAuthUseBearer: false,
      webhookAuthBasicUser: null,
      webhookAuthBasicPass: null,
      inactiveFallbackWebhookUrl: null,
      isActive: false,
      webhookTimeoutSeconds: 90,
      webhookAuthJwtSecret: null,
      inputFields: [],
      createdAt: '',
      updatedAt: '',
    } satisfies AdminProcess;
    expect(processFormValues(process)).toMatchObject({
      name: 'Sync',
      description: '',
      httpMethod: 'PUT',
      webhookAuthHeaderName: 'X-Key',
      webhookAuthUseBearer: false,
      isActive: false,
      webhookTimeoutSeconds: 90,
      webhookAuthJwtSecret: '',
    });
  });
});

describe('validation notice', () => {
  it('asks for name and client first', () => {
    const errors = errorsOf({ ...processFormValues(), n8nWebhookUrl: 'ftp://x' });
    expect(validationNotice(errors)).toEqual({
      title: 'Missing fields',
      text: 'Name and client are required.',
    });
  });

  it('names the bad webhook URL, then the bad fallback URL', () => {
    const valid = { ...processFormValues(), name: 'Sync', clientUserId: 'u1' };
    expect(validationNotice(errorsOf({ ...valid, n8nWebhookUrl: 'hooks.example.test' }))).toEqual({
      title: 'Invalid URL',
      text: processMessages.webhookUrl,
    });
    expect(
      validationNotice(errorsOf({ ...valid, inactiveFallbackWebhookUrl: 'ftp://x.test' })),
    ).toEqual({ title: 'Invalid URL', text: 'Fallback URL must start with http or https.' });
  });
});

describe('select options as text', () => {
  it('splits on commas and drops blanks', () => {
    expect(optionsFromText(' EU, US ,, APAC ')).toEqual(['EU', 'US', 'APAC']);
    expect(optionsToText(['EU', 'US'])).toBe('EU, US');
    expect(optionsToText(undefined)).toBe('');
  });
});
