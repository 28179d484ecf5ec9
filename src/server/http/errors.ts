import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { DomainError, type DomainErrorCode, type FieldErrors } from '#server/domain/errors.ts';
import { serverMessages } from '#shared/answers.ts';

// One place for errors (DESIGN §4): a 4xx answers { message, errors? }; a 5xx is logged
// with the request and answers a generic message, never the internal text: 503 with
// Retry-After while the database is out of reach, 500 otherwise. The domain throws codes
// (domain/errors.ts); this is the one place that turns them into statuses.

/** A database restart or a cut connection is usually over within seconds. */
const RETRY_AFTER_SECONDS = 5;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new HttpError(409, message, errors);

const statusOf: Record<DomainErrorCode, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'payment-required': 402,
  'rate-limited': 429,
};

/** Turns zod issues into { field: first message } keyed by the dotted path. */
export function fieldErrorsFrom(
  issues: { path?: PropertyKey[]; instancePath?: string; message: string }[],
) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path?.length
      ? issue.path.map(String).join('.')
      : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof DomainError) {
      return reply
        .code(statusOf[error.code])
        .send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFrom(
        error.validation.map((v) => ({
          instancePath: v.instancePath,
          message: v.message ?? 'Invalid value',
        })),
      );
      if (errors._ && error.validationContext === 'body') {
        return reply.code(400).send({ message: 'The request body must be a JSON object.' });
      }
      const first = Object.values(errors)[0];
      return reply.code(400).send({ message: first ?? 'Invalid request.', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && KNOWN_CLIENT_ERRORS[error.code]) || error.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // The same call works once the database is back: say so, and when to try again.
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ message: serverMessages.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: serverMessages.failed });
  });
}
