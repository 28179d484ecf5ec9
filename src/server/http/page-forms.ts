import type { FastifyInstance } from 'fastify';

// A form on a pre-rendered page is plain HTML until React hydrates the page. A click on
// its button before then makes the browser submit it itself: the forms say method="post"
// so nothing typed ever lands in an address bar, a history or a request log, and the
// server answers such a post with a fresh GET of the same page (303 See Other). What was
// typed is read, within the usual body limit, and dropped: never stored, echoed or logged.
// A page whose form means something without JavaScript (the enquiry form) registers its
// own POST route first, with acceptForms, and keeps it
// (docs/decisions/021-forms-before-hydration.md).

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Makes `scope` (an encapsulated plugin) take form bodies only, within the app's body
 * limit, read by `parse`. Fastify refuses a form body with 415 everywhere else.
 */
export function acceptForms(scope: FastifyInstance, parse: (body: string) => unknown) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parse(String(body)));
  });
}

/** `path` with the query of the address the form was posted to (a next page, an invite). */
export function samePage(path: string, url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? path : `${path}${url.slice(query)}`;
}

/** A POST twin for each pre-rendered page that has no POST route of its own. */
export async function registerPageFormPosts(app: FastifyInstance, pagePaths: string[]) {
  await app.register(async (scope) => {
    acceptForms(scope, () => undefined);
    for (const path of pagePaths) {
      if (app.hasRoute({ method: 'POST', url: path })) continue;
      scope.post(
        path,
        { schema: { hide: true }, config: { logPathOnly: true } },
        (request, reply) => reply.redirect(samePage(path, request.url), 303),
      );
    }
  });
}
