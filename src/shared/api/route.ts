import type { z } from 'zod';

// One API route, defined once for the server and the browser (docs/decisions/
// 022-one-route-table.md): its method, full path, who may call it, and the zod schemas of
// its params, query, body and answers. The server registers it from here (server/api/
// serve.ts) and the browser calls it from here (web/lib/call-api.ts), so the two cannot
// drift apart. This file only imports zod's types: a page that needs no schema pays
// nothing for it.

/**
 * Who may call a route; the server's guard follows from it.
 * - `public`: anyone, no sign-in.
 * - `signed-in`: any signed-in person: a client, a team member, an admin, and an admin
 *   testing as a client.
 * - `own-session`: a signed-in person in their own session, never an admin testing as
 *   the client (money and membership: 403 with the route's `refusal`).
 * - `admin`: admins in their own session, past the admin rules (2FA, allowed IP).
 * What a team role may do inside its account (owner, team admin, member) depends on the
 * account, so services decide it and answer 403 with the reason.
 */
export const audiences = ['public', 'signed-in', 'own-session', 'admin'] as const;
export type Audience = (typeof audiences)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType;
/** Params and query are objects of fields, in and out. */
type FieldsSchema = z.ZodType<object, object>;

/** The `:names` in a path: `/api/team/invites/:token/accept` gives `'token'`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

export interface RouteSpec {
  method: Method;
  /** The full path, `:name` for a path parameter (`/api/scheduler/:id`). */
  path: string;
  audience: Audience;
  /** The OpenAPI group, e.g. `portal: scheduler`. */
  tags: readonly string[];
  summary?: string;
  /** More than the summary can say, for the OpenAPI document. */
  description?: string;
  params?: FieldsSchema;
  query?: FieldsSchema;
  body?: Schema;
  /** Each answer by status code. A file answer (CSV, PDF) has no schema for its 2xx. */
  responses: Partial<Record<number, Schema>>;
  /** The content types of a file answer, for the OpenAPI document. */
  produces?: readonly string[];
  /** What an admin testing as the client reads (403) on an `own-session` route. */
  refusal?: string;
  /**
   * Also takes a personal API token (`Authorization: Bearer pat_…`) in place of a session,
   * acting as the token's owner (docs/decisions/025-personal-api-tokens.md). Only for
   * `signed-in` routes a client's software needs: listing processes, starting and reading
   * runs. Every other route answers 401 to a token.
   */
  apiToken?: true;
}

/** A path with `:names` needs a params schema giving each of them, and no other path does. */
type ParamsFit<Spec extends RouteSpec> = [PathParamNames<Spec['path']>] extends [never]
  ? { params?: never }
  : { params: z.ZodType<Record<PathParamNames<Spec['path']>, unknown>> };

/** A route of the table: the spec as written, literal types kept. */
export type ApiRoute<Spec extends RouteSpec = RouteSpec> = Spec & { readonly apiRoute: true };

/**
 * A route of the table. The path's `:names` must match the params schema, so renaming
 * one on either side fails the typecheck.
 */
export function defineRoute<const Spec extends RouteSpec>(
  spec: Spec & ParamsFit<Spec>,
): ApiRoute<Spec> {
  return { ...spec, apiRoute: true };
}

type Success = 200 | 201 | 202;
type SchemaOf<Slot> = Slot extends Schema ? Slot : never;

/** What a 2xx answer holds, as the server returns it and the browser reads it. */
export type RouteAnswer<Route extends RouteSpec> = {
  [Status in keyof Route['responses'] & Success]: z.output<SchemaOf<Route['responses'][Status]>>;
}[keyof Route['responses'] & Success];

/** The part of a call a schema checks: required when the schema requires something. */
type Part<Key extends string, Slot> = Slot extends Schema
  ? Record<string, never> extends z.input<Slot>
    ? { [K in Key]?: z.input<Slot> }
    : { [K in Key]: z.input<Slot> }
  : { [K in Key]?: never };

/** What a caller sends: path params, query and body, each as its schema takes it. */
export type RouteInput<Route extends RouteSpec> = Part<'params', Route['params']> &
  Part<'query', Route['query']> &
  Part<'body', Route['body']>;

/** The body a caller sends, for functions that pass one on. */
export type BodyOf<Route extends RouteSpec> = Route['body'] extends Schema
  ? z.input<Route['body']>
  : never;

/** What a handler reads once the schemas have checked the request. */
export interface CheckedInput<Route extends RouteSpec> {
  params: Route['params'] extends Schema ? z.output<Route['params']> : unknown;
  query: Route['query'] extends Schema ? z.output<Route['query']> : unknown;
  body: Route['body'] extends Schema ? z.output<Route['body']> : unknown;
}

/** The path with its `:names` filled in and encoded: `/api/scheduler/a%2Fb`. */
export function pathOf(route: Pick<RouteSpec, 'path'>, params: object = {}): string {
  const values = params as Record<string, unknown>;
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${route.path} needs a value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (`?a=1&b=`), leaving out what is undefined. */
export function queryOf(query: object = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `METHOD /path` as people and tests name a route. */
export const routeName = (route: Pick<RouteSpec, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;
