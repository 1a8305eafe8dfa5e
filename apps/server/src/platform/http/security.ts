import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The strict policy of every answer: scripts only from our origin (never inline), nothing framed,
 * no plugins, no <base> (the web app uses none, and an injected one could redirect its scripts).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Mantine sets inline style attributes and a <style> of CSS variables.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'upgrade-insecure-requests': null,
} as const;

/**
 * The API reference pages (/api/docs, when served) run the reference viewer's inline start-up
 * script: the only answers whose policy allows inline scripts (openapi.ts sets it on them alone).
 */
export const docsContentSecurityPolicy = Object.entries({
  ...contentSecurityPolicy,
  'script-src': ["'self'", "'unsafe-inline'"],
})
  .filter(([, value]) => value !== null)
  .map(([name, value]) => `${name} ${(value as readonly string[]).join(' ')}`)
  .join('; ');

/** Google Tag Manager's hosts, allowed only when the tag manager is turned on (TAG_MANAGER=true). */
const tagManagerHosts = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];

/** The app's policy, widened for the tag manager's hosts when it is on. */
export function appContentSecurityPolicy(tagManager: boolean) {
  if (!tagManager) return contentSecurityPolicy;
  return {
    ...contentSecurityPolicy,
    'script-src': [...contentSecurityPolicy['script-src'], tagManagerHosts[0]!],
    'img-src': [...contentSecurityPolicy['img-src'], ...tagManagerHosts],
    'connect-src': [...contentSecurityPolicy['connect-src'], ...tagManagerHosts],
  };
}

/** Security headers (helmet with a strict CSP) and a per-address rate limit on every route. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(config.tagManager) },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.perMinute,
    timeWindow: '1 minute',
    // The web app's own static files are not API calls: a page load must never spend the budget.
    allowList: (request) => request.method === 'GET' && /^\/(assets\/|favicon|$)/.test(request.url),
    // Every 429 answers with Retry-After (seconds), as the spec's clients expect.
    addHeaders: {
      'retry-after': true,
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    errorResponseBuilder: (_request, context) => {
      const error = new Error('Too many requests. Please slow down and try again shortly.') as Error & {
        statusCode: number;
      };
      error.statusCode = context.statusCode;
      return error;
    },
  });
}
