import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notAllowedMessage } from '#shared/text.ts';
import { badRequest } from './errors.ts';

// Checks every request's body, query and params once, before any route's schema: a NUL
// character or a lone UTF-16 surrogate can never be stored (PostgreSQL refuses both in
// text and jsonb), so such input is a 400 naming the field instead of a database error.
// It also lets a call whose SPEC line names no body be sent with no body at all.

// Without the u flag a regular expression sees UTF-16 code units, so this finds a high
// surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text PostgreSQL cannot store: NUL, or half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

type Found = { path: string } | null;

/**
 * The path of the first string (value or object key) that is not storable. Walks with an
 * explicit stack: a deeply nested body must not overflow the call stack.
 */
export function findUnstorableText(value: unknown, root: string): Found {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push([item, join(path, String(index))]);
      });
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return { path: join(path, '(a field name)') };
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function checkRequest(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorableText(part, '');
    if (found) {
      const field = found.path || 'The request';
      throw badRequest(notAllowedMessage(field), { [found.path || '_']: notAllowedMessage(field) });
    }
  }
}

/** A route that takes its body as raw text (a signed webhook) rather than JSON. */
const isRawTextBody = (schema: unknown) =>
  (schema as { def?: { type?: string } }).def?.type === 'string';

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Fastify validates a missing body as null, which no object schema accepts; curl and
    // other API clients send body-less POSTs and DELETEs without a content type.
    const schema = request.routeOptions.schema?.body;
    if (request.body === undefined && schema) request.body = isRawTextBody(schema) ? '' : {};
    checkRequest(request);
  });
}
