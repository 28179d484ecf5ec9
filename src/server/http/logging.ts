import { writeSync } from 'node:fs';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { paths } from '#shared/paths.ts';

// Logs never hold a secret. Every log line goes through this one configuration:
// - `err` (and `error`) values keep the SQL text and the SQLSTATE of a failed query but never
//   its parameter values, nor the driver's detail/where/params, nor value-quoting messages;
// - a request's URL loses the tokens it carries (invoice `sig`, invite, pay-session and reset
//   tokens, `?impersonate=`), and Authorization/Cookie headers are redacted wherever logged;
// - free text (messages, error text) loses URL tokens, credentials in URLs, bearer and basic
//   credentials, password hashes and JWTs.

export const REDACTED = '[REDACTED]';

/** Names of query keys and route params whose values authorise something or are secrets. */
const SECRET_NAME =
  /token|sig|secret|passw|pwd|key|auth|session|challenge|impersonate|code|otp|jwt|credential|hash|invite/i;

/**
 * Token routes the server answers itself (the pages come from paths.ts), and the old
 * checkout page, whose links may still be opened from a browser's history.
 */
const API_TOKEN_ROUTES = [
  '/api/team/invites/:token',
  '/api/pay/sessions/:token',
  '/pay/checkout/:token',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "/invite/:token" -> a pattern matching "/invite/" followed by the token (to redact). */
const tokenPathPatterns = [
  ...Object.values(paths).flatMap((path) => (typeof path === 'string' ? [path] : [])),
  ...API_TOKEN_ROUTES,
].flatMap((route) => {
  const segments = route.split('/');
  const at = segments.findIndex((s) => s.startsWith(':') && SECRET_NAME.test(s));
  if (at === -1) return [];
  return [
    new RegExp(`(${escapeRegExp(`${segments.slice(0, at).join('/')}/`)})[^/?#\\s"'<>]+`, 'g'),
  ];
});

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const QUERY_PAIR = /([?&;])([^=&?#\s"'<>]+)=([^&#\s"'<>]*)/g;
const TEXT_RULES: [RegExp, string][] = [
  // Credentials in a URL: scheme://user:password@host
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`],
  // A credential after Bearer/Basic; not a plain word ("Basic authentication").
  [
    /\b([Bb]earer|[Bb]asic)\s+(?=[\w.~+/=-]{8})(?=[\w.~+/=-]*[\d.~+/=_-]|[\w.~+/=-]+[A-Z])[\w.~+/=-]+/g,
    `$1 ${REDACTED}`,
  ],
  [/\$(?:argon2(?:id|i|d)|scrypt)\$[^\s"',)]+/g, REDACTED],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]+/g, REDACTED],
];

/** Removes URL tokens, credentials, hashes and JWTs from any text. */
export function scrubText(text: string): string {
  let out = text.replace(QUERY_PAIR, (whole, separator: string, key: string) =>
    SECRET_NAME.test(safeDecode(key)) ? `${separator}${key}=${REDACTED}` : whole,
  );
  for (const pattern of tokenPathPatterns) out = out.replace(pattern, `$1${REDACTED}`);
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A request URL without its tokens. `route` is the matched route ("/api/x/:token/accept"):
 * any secret-named param is redacted by position, so a new token route needs no entry here.
 */
export function redactUrl(url: string, route?: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  let safePath = path;
  if (route?.includes(':') && !route.includes('*')) {
    const names = route.split('/');
    const values = path.split('/');
    if (values.length === names.length || (values.length === names.length + 1 && !values.at(-1))) {
      safePath = values
        .map((value, i) =>
          names[i]?.startsWith(':') && SECRET_NAME.test(names[i]) ? REDACTED : value,
        )
        .join('/');
    }
  }
  return scrubText(safePath + rest);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Log this route's requests by path alone. A form posted to a page's own address
     * carries the page's query (an invite token, a next page): nothing a log needs.
     */
    logPathOnly?: boolean;
  }
}

/** The URL a request is logged with: without its tokens, or without its query at all. */
export function loggedUrl(request: FastifyRequest): string {
  const url = String(request.url ?? '');
  const pathOnly = request.routeOptions?.config?.logPathOnly === true;
  return redactUrl(pathOnly ? (url.split(/[?#]/)[0] ?? '') : url, request.routeOptions?.url);
}

// ---- errors ---------------------------------------------------------------------------

type ErrorLike = Record<string, unknown> & { message: string };
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isDatabaseError = (error: ErrorLike) =>
  typeof error.code === 'string' && SQLSTATE.test(error.code) && typeof error.severity === 'string';

/** Fields that name things or classify an error; never values a user sent. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'status',
  'kind',
  'errno',
  'syscall',
  'hostname',
  'port',
];
const DB_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];

const typeOf = (error: ErrorLike) => {
  const name = (error.constructor as { name?: string } | undefined)?.name;
  return name && name !== 'Object' ? name : typeof error.name === 'string' ? error.name : 'Error';
};

/** The stack's frames under a safe first line: the original message may quote values. */
function stackOf(error: ErrorLike, type: string, message: string) {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const at = error.message ? stack.indexOf(error.message) : -1;
  const frames =
    at !== -1 && !stack.slice(0, at).includes('\n')
      ? stack.slice(at + error.message.length).replace(/^\n/, '')
      : stack
          .split('\n')
          .filter((line) => /^\s+at\s/.test(line))
          .join('\n');
  return scrubText(`${type}: ${message}\n${frames}`);
}

/**
 * PostgreSQL quotes every variable part of a message in double quotes (its message style
 * guide): identifiers the error names or the SQL text holds stay, any other quoted span
 * (a value) goes, and so do byte sequences. RAISE messages (class P0) are free text.
 */
function databaseMessage(error: ErrorLike, sqlText: string) {
  if (String(error.code).startsWith('P0')) return 'raised by a database function (text withheld)';
  const names = new Set<string>(sqlText.match(/"(?:[^"]|"")+"/g) ?? []);
  for (const field of DB_FIELDS.slice(1)) {
    if (typeof error[field] === 'string' && error[field]) names.add(`"${error[field]}"`);
  }
  const alternatives = [...names].filter((name) => error.message.includes(name));
  // Even indexes are free text, odd ones the names kept.
  const parts = alternatives.length
    ? error.message.split(new RegExp(`(${alternatives.map(escapeRegExp).join('|')})`))
    : [error.message];
  const free = parts.map((part, i) => (i % 2 === 0 ? part : ''));
  const first = free.findIndex((part) => part.includes('"'));
  if (first !== -1) {
    // From the first free quote to the last one is a value (or several): one ellipsis.
    const last = free.findLastIndex((part) => part.includes('"'));
    const head = parts[first] ?? '';
    const tail = parts[last] ?? '';
    const closes = first !== last || head.indexOf('"') !== head.lastIndexOf('"');
    const value = `${head.slice(0, head.indexOf('"'))}"…"${closes ? tail.slice(tail.lastIndexOf('"') + 1) : ''}`;
    parts.splice(first, last - first + 1, value);
  }
  return parts
    .map((part, i) => (i % 2 === 0 ? part.replace(/0x[0-9a-f]+/gi, '0x…') : part))
    .join('');
}

function pick(error: ErrorLike, fields: string[]) {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = error[field];
    if (typeof value === 'number' || typeof value === 'boolean') out[field] = value;
    else if (typeof value === 'string') out[field] = scrubText(value);
  }
  return out;
}

function serialize(error: ErrorLike, depth: number, seen: Set<unknown>): SerializedError {
  seen.add(error);
  const nested = (value: unknown) =>
    isErrorLike(value) && depth < 4 && !seen.has(value)
      ? serialize(value, depth + 1, seen)
      : undefined;

  if (error instanceof DrizzleQueryError) {
    const sqlText = String(error.query);
    const cause = nested(error.cause);
    // The SQL goes in `query` once; the message says what went wrong.
    const message = cause ? `Failed query: ${cause.message}` : 'Failed query';
    return {
      type: 'DrizzleQueryError',
      message,
      stack: stackOf(error as unknown as ErrorLike, 'DrizzleQueryError', message),
      query: sqlText,
      ...(typeof cause?.code === 'string' && { code: cause.code }),
      ...(cause && { cause }),
    };
  }
  if (isDatabaseError(error)) {
    const sqlText = typeof error.query === 'string' ? error.query : '';
    const message = scrubText(databaseMessage(error, sqlText));
    return {
      type: 'DatabaseError',
      message,
      stack: stackOf(error, 'DatabaseError', message),
      ...pick(error, ['code', ...DB_FIELDS]),
      ...(sqlText && { query: sqlText }),
    };
  }
  const type = typeOf(error);
  const message = scrubText(error.message);
  const cause = nested(error.cause);
  const errors = Array.isArray(error.errors) ? error.errors.map(nested).filter(Boolean) : [];
  return {
    type,
    message,
    stack: stackOf(error, type, message),
    ...pick(error, SAFE_FIELDS),
    ...(cause && { cause }),
    ...(errors.length > 0 && { errors }),
  };
}

/** The `err` serializer: any thrown value, with no query parameters and no secrets. */
export function serializeError(value: unknown): SerializedError {
  if (isErrorLike(value)) return serialize(value, 0, new Set());
  const message = typeof value === 'string' ? scrubText(value) : `${typeof value} thrown`;
  return { type: typeof value, message, stack: '' };
}

// ---- the logger -----------------------------------------------------------------------

function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const HEADER_PATHS = ['authorization', 'cookie', '["set-cookie"]', '["x-zoho-webhook-signature"]'];
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'passwordHash', 'token'];
const SECRET_FIELDS = [...SECRET_KEYS, 'webhookAuthKey', 'webhookAuthBasicPass', 'n8nWebhookKey'];

/** Paths pino redacts: headers wherever a request or response is logged, and secret fields. */
const REDACT_PATHS = [
  ...['req.headers', 'res.headers', 'headers', '*.headers'].flatMap((at) =>
    HEADER_PATHS.map((header) => `${at}${header.startsWith('[') ? '' : '.'}${header}`),
  ),
  ...SECRET_FIELDS.flatMap((key) => [key, `*.${key}`]),
  'url',
  '*.url',
];

function censor(value: unknown, path: string[]) {
  const key = path.at(-1);
  if (key === 'url') return typeof value === 'string' ? redactUrl(value) : value;
  if (key === 'authorization' && typeof value === 'string') {
    const scheme = value.split(' ')[0];
    return scheme && scheme !== value ? `${scheme} ${REDACTED}` : REDACTED;
  }
  return REDACTED;
}

const scrubArg = (arg: unknown) => (typeof arg === 'string' ? scrubText(arg) : arg);

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

// ---- request loggers ------------------------------------------------------------------
// Fastify gives every request a child logger bound to its request id. pino runs a child's
// bindings through the redaction paths as it is made, and the wildcard paths (`*.url`,
// `*.token`…) made that a walk of every path for each request: a twentieth of a signed-in
// list call's CPU time (DESIGN §6 API budget), for a line most requests never write. A
// request's child is made without bindings instead and keeps them aside; pino's mixin adds
// them to each line the request does write, where they go through the same serializers and
// redaction as the rest of that line.

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
const REQUEST_BINDINGS = Symbol('request log bindings');
type BindingsHolder = { [REQUEST_BINDINGS]?: Record<string, unknown> };

/** pino's mixin: the bindings of the request (or child) logger writing the line. */
function requestBindings(_line: object, _level: number, logger: unknown) {
  const bindings = (logger as BindingsHolder)[REQUEST_BINDINGS];
  return bindings ? { ...bindings } : {};
}

const requestLogger: ChildLoggerFactory = (logger, bindings, options) => {
  const child = logger.child({}, options);
  (child as BindingsHolder)[REQUEST_BINDINGS] = bindings;
  return child;
};

/**
 * The child logger factory for Fastify when its logger comes from loggerOptions (which
 * adds the bindings back to every line), else undefined: Fastify's own.
 */
export function requestLoggerFactory(
  logger: FastifyServerOptions['logger'],
): ChildLoggerFactory | undefined {
  const withMixin = typeof logger === 'object' && logger !== null && 'mixin' in logger;
  return withMixin && logger.mixin === requestBindings ? requestLogger : undefined;
}

export interface LogOutput {
  /** Human-readable lines instead of JSON ones: main.ts asks for them on a terminal. */
  pretty?: boolean;
  /** Where pretty lines go: stdout, unless a test captures them. */
  destination?: { write(text: string): unknown };
  /**
   * JSON lines written to stdout synchronously (main.ts): pino's default writes them
   * asynchronously, so the start banner printed after a flush could overtake them.
   */
  syncStdout?: boolean;
}

/**
 * pino-pretty's formatter, run in this thread on each finished JSON line: what it prints
 * has been through the serializers, redaction and logMethod hook above like any line, and
 * it prints in order with what main.ts writes to stdout (the start banner). Request lines
 * carry method, URL, status and time in their message, so their fields are not repeated.
 */
function prettyStream(destination: NonNullable<LogOutput['destination']>, colorize: boolean) {
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,route,responseTime',
    singleLine: true,
  });
  return { write: (line: string) => void destination.write(prettify(line)) };
}

/** The server's logger: Fastify's pino with the redaction above, as JSON or pretty lines. */
/** Writes a whole line to stdout before returning, waiting out a full pipe (EAGAIN). */
function writeStdoutSync(line: string) {
  let rest = Buffer.from(line);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

export function loggerOptions(level: string, output: LogOutput = {}): LoggerOptions {
  const { pretty = false, destination, syncStdout = false } = output;
  return {
    level,
    ...(pretty && {
      stream: prettyStream(destination ?? process.stdout, !destination && process.stdout.isTTY),
    }),
    ...(!pretty && syncStdout && { stream: { write: writeStdoutSync } }),
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    redact: { paths: REDACT_PATHS, censor },
    mixin: requestBindings,
    hooks: {
      // Message strings are free text; and pino makes an error's own message the log message
      // when none is given, which for a failed query quotes its parameters.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const error =
          first instanceof Error
            ? first
            : typeof first === 'object' && first !== null && 'err' in first
              ? (first as { err: unknown }).err
              : undefined;
        const object = first instanceof Error ? { err: first } : first;
        const message =
          rest.length === 0 && error !== undefined && typeof object === 'object'
            ? [serializeError(error).message]
            : rest;
        const safe = [scrubArg(object), ...message.map(scrubArg)];
        return method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}
