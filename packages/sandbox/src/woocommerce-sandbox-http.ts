import type { FastifyReply, FastifyRequest } from 'fastify';
import { type WooError, wooError } from './woocommerce-sandbox-checks.ts';

/**
 * How the WooCommerce sandbox answers requests: the permission error of a request without keys,
 * and WordPress's pagination headers.
 */

/** Sends a WordPress error body with its status. */
export const send = (reply: FastifyReply, error: WooError) => reply.status(error.status).send(error.body);

/** What WooCommerce's permission checks answer a request without keys (401 when nobody is logged in). */
export function permissionError(request: FastifyRequest): WooError {
  const route = request.routeOptions.url ?? '';
  const single = route.includes(':id');
  const refuse = (code: string, message: string) => wooError(401, `woocommerce_rest_cannot_${code}`, message);
  if (route.endsWith('/batch')) {
    return refuse('batch', 'Sorry, you are not allowed to batch manipulate this resource.');
  }
  if (request.method === 'GET') {
    return refuse(
      'view',
      single ? 'Sorry, you cannot view this resource.' : 'Sorry, you cannot list resources.',
    );
  }
  if (request.method === 'DELETE')
    return refuse('delete', 'Sorry, you are not allowed to delete this resource.');
  if (single) return refuse('edit', 'Sorry, you are not allowed to edit this resource.');
  return refuse('create', 'Sorry, you are not allowed to create resources.');
}

/**
 * X-WP-Total, X-WP-TotalPages and Link for one page of a collection. Link holds only `prev` (never
 * past the last page, so 0 past an empty list) and `next`, as WooCommerce's controllers send it:
 * the docs' table also names `first` and `last`, which no wc/v3 controller sends.
 */
export function paginationHeaders(
  reply: FastifyReply,
  pageUrl: string,
  page: { total: number; page: number; perPage: number },
): void {
  const totalPages = Math.ceil(page.total / page.perPage);
  reply.headers({ 'x-wp-total': page.total, 'x-wp-totalpages': totalPages });
  const link = new URL(pageUrl);
  // WooCommerce copies every query parameter into the links, keys included; the sandbox leaves them out.
  for (const key of [...link.searchParams.keys()]) {
    if (key.startsWith('oauth_') || ['consumer_key', 'consumer_secret', 'page'].includes(key)) {
      link.searchParams.delete(key);
    }
  }
  const to = (n: number) => {
    link.searchParams.set('page', String(n));
    return link.href;
  };
  const links: string[] = [];
  if (page.page > 1) links.push(`<${to(Math.min(page.page - 1, totalPages))}>; rel="prev"`);
  if (page.page < totalPages) links.push(`<${to(page.page + 1)}>; rel="next"`);
  if (links.length > 0) reply.header('link', links.join(', '));
}
