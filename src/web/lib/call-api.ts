import {
  type ApiRoute,
  pathOf,
  queryOf,
  type RouteAnswer,
  type RouteInput,
} from '#shared/api/route.ts';
import { api, type Page, type RequestOptions } from './api.ts';

// Calls a route of the shared table (src/shared/api, docs/decisions/022-one-route-table.md):
// its method and path come from the route, its params fill the path, and the answer's type
// is its 2xx schema's, so no screen writes a path or an answer type by hand. Errors, the
// token and a 401 go through api.ts as for every call.

/** The input may be left out when the route needs none. */
type Args<Route extends ApiRoute> =
  Record<string, never> extends RouteInput<Route>
    ? [input?: RouteInput<Route>, options?: RequestOptions]
    : [input: RouteInput<Route>, options?: RequestOptions];

interface Sent {
  params?: object;
  query?: object;
  body?: unknown;
}

const urlOf = (route: ApiRoute, input: Sent = {}) =>
  pathOf(route, input.params) + queryOf(input.query);

/** Sends the call and reads its JSON answer. */
export function callApi<Route extends ApiRoute>(
  route: Route,
  ...[input, options]: Args<Route>
): Promise<RouteAnswer<Route>> {
  return api.call(route.method, urlOf(route, input), input?.body, options);
}

/** A list the server pages: its rows, and how many match in all (X-Total-Count). */
export function callApiPage<Route extends ApiRoute>(
  route: Route,
  ...[input, options]: Args<Route>
): Promise<Page<RouteAnswer<Route> extends (infer Row)[] ? Row : never>> {
  return api.page(urlOf(route, input), options);
}

/** The Response itself, whatever its status: a file download, a text answer. */
export function callApiRaw<Route extends ApiRoute>(
  route: Route,
  ...[input, options]: Args<Route>
): Promise<Response> {
  return api.raw(route.method, urlOf(route, input), input?.body, options);
}
