import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ensemble/shared';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// `none` is a navigation the user typed or bookmarked; `same-site` is another origin of our site
// (a sibling subdomain), which must not act for our users any more than a foreign one.
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Whether a browser says this request came from a page of another origin. */
function isForeign(request: FastifyRequest, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && !OWN_FETCH_SITES.has(site.toLowerCase())) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const self = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin !== ownOrigin && origin !== self;
}

/**
 * Refuses every POST, PUT, PATCH and DELETE that a browser marks as coming from another origin
 * (Origin not ours, or Sec-Fetch-Site other than same-origin/none), on any path: the decision is by
 * method, so no spelling of a path (`/%61pi/`, `//api/`, `/api/../api/`) can slip past it. Routes
 * in `exempt` (the Stripe webhook) are matched by the route the router chose, not by the raw URL.
 * A request with neither header is a non-browser client and passes, as SameSite cookies never
 * reach it from a page anyway.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { origin: string; exempt: string[] }) => {
  const exempt = new Set(opts.exempt);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // onRequest runs after routing: routeOptions.url is the pattern the decoded path matched.
    const route = request.routeOptions.url;
    if (route !== undefined && exempt.has(route)) return;
    if (isForeign(request, opts.origin)) throw new AppError('forbidden', 'Cross-origin request refused');
  });
});
