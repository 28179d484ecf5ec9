import type { ErrorAnswer } from '#shared/answers.ts';
import { clearSession, getToken } from './session.ts';
import { announceSessionExpired } from './session-ended.ts';

// The only place the browser calls fetch (DESIGN §4): bearer token, JSON in and out,
// non-2xx answers turned into ApiError, and a 401 on an authenticated call ends the
// session (the token expired or was revoked).

/** A message per field of a refused request (the `errors` of every 4xx answer). */
export type FieldErrors = NonNullable<ErrorAnswer['errors']>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors,
    /** The raw response body, for notices that quote it (SPEC §8). */
    readonly body: string,
  ) {
    super(message);
  }

  /**
   * The server's own words: the `message` of a JSON body when it has any text, else null
   * (`message` then holds a stand-in such as "Request failed with status 502.").
   */
  get serverMessage(): string | null {
    return serverMessageOf(this.body);
  }

  /** The same answer with its message as the error of `field` (a form shows it there). */
  forField(field: string): ApiError {
    return new ApiError(
      this.status,
      this.message,
      { ...this.errors, [field]: this.message },
      this.body,
    );
  }
}

/** The `message` of a JSON answer when it has any text, else null (any answer, even a 2xx). */
export const serverMessageOf = (text: string): string | null => messageOf(parseJson(text));

export interface RequestOptions {
  /** Send the stored token (default true). Login and register pass false. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send this token instead of the stored one (signing out a session kept aside). */
  token?: string;
  /** Let the call finish after the page navigates away (logout). */
  keepalive?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request that got no answer (offline, the server down). Here, not in failure-text.ts,
 * so the sign-in forms' field errors (form-errors.ts) need not load the rest of it.
 */
export const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/** The server's words for a failed call, or `network` when it got no answer. */
export const failureMessage = (error: unknown, network: string = UNREACHABLE) =>
  error instanceof ApiError ? error.message : network;

async function send(method: Method, path: string, body: unknown, options: RequestOptions) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : (options.token ?? getToken());
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (response.status === 401 && token) {
    clearSession();
    // The stored session ended on the server (not a token passed in): the signed-in area
    // sends the visitor to sign in and back instead of leaving a screen that cannot load.
    if (options.token === undefined) {
      const words = await response
        .clone()
        .text()
        .then(serverMessageOf, () => null);
      announceSessionExpired(words ?? '');
    }
  }
  return response;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown): string | null {
  if (!data || typeof data !== 'object' || !('message' in data)) return null;
  const { message } = data;
  return typeof message === 'string' && message.trim() ? message : null;
}

function toApiError(status: number, text: string): ApiError {
  const data = parseJson(text);
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const message = messageOf(data) ?? `Request failed with status ${status}.`;
  const errors: FieldErrors = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [field, value] of Object.entries(record.errors)) {
      if (typeof value === 'string') errors[field] = value;
    }
  }
  return new ApiError(status, message, errors, text);
}

/** The ApiError of a failed answer read through `api.raw` (a file download, say). */
export async function responseError(response: Response): Promise<ApiError> {
  return toApiError(response.status, await response.text());
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  return parseJson(text) as T;
}

/**
 * A page of a list the server pages: its rows and how many match in all, or, past the
 * server's counting cap (X-Total-Capped), at least that many.
 */
export interface Page<T> {
  rows: T[];
  total: number;
  capped: boolean;
}

/** How many match, as a person reads it: "37", or "1,000+" past the counting cap. */
export const matchCount = ({ total, capped }: Pick<Page<unknown>, 'total' | 'capped'>) =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;

async function page<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const response = await send('GET', path, undefined, options);
  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  const rows = parseJson(text) as T[];
  const total = Number(response.headers.get('x-total-count') ?? rows.length);
  return {
    rows,
    total: Number.isFinite(total) ? total : rows.length,
    capped: response.headers.get('x-total-capped') === 'true',
  };
}

export const api = {
  /** Any method: what callApi (call-api.ts) sends a route of the shared table through. */
  call: <T>(method: Method, path: string, body?: unknown, options?: RequestOptions) =>
    request<T>(method, path, body, options),
  /** A paged list: the rows, and X-Total-Count. */
  page: <T>(path: string, options?: RequestOptions) => page<T>(path, options),
  /**
   * The Response itself, whatever its status, for callers that read a text body or a
   * file (process trigger, document export). Still adds the token and handles 401.
   */
  raw: (method: Method, path: string, body?: unknown, options: RequestOptions = {}) =>
    send(method, path, body, options),
};
