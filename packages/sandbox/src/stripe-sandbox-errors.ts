import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Params } from './stripe-sandbox-form.ts';

/**
 * Stripe's error bodies `{ error: { type, code?, message, param?, doc_url? } }` as the sandbox
 * sends them, and how it reads the secret key from Bearer or Basic auth.
 */

export type StripeErrorBody = {
  error: { type: string; message: string; code?: string; param?: string; doc_url?: string };
};
export type StripeError = { status: number; body: StripeErrorBody };

/** Sends a Stripe error with its status. */
export const send = (reply: FastifyReply, error: StripeError) => reply.status(error.status).send(error.body);

/** An error: `type` invalid_request_error unless told; a code gets its doc_url as Stripe's do. */
export function stripeError(
  status: number,
  message: string,
  extra: { type?: string; code?: string; param?: string } = {},
): StripeError {
  const { type = 'invalid_request_error', code, param } = extra;
  const docUrl = code ? `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` : undefined;
  return {
    status,
    body: {
      error: {
        type,
        message,
        ...(code && { code }),
        ...(param && { param }),
        ...(docUrl && { doc_url: docUrl }),
      },
    },
  };
}

/** 400 (a param names something unknown) or 404 (the URL does): `No such price: 'price_x'`. */
export const noSuch = (what: string, id: string, param?: string, status = param ? 400 : 404) =>
  stripeError(status, `No such ${what}: '${id}'`, { code: 'resource_missing', param });

export const missingParam = (param: string) =>
  stripeError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidParam = (param: string, message: string) => stripeError(400, message, { param });

/** One of stripe.md's two mutual exclusions (and any other pair). */
export const onlyOneOf = (first: string, second: string) =>
  stripeError(400, `You may only specify one of these parameters: ${first}, ${second}.`, { param: second });

/**
 * Stripe's 400 for a portal session when the account never saved its customer portal settings
 * and the request names no `configuration` (brief of issue 21; stripe.md records no wording).
 */
export function noPortalConfiguration(live: boolean): StripeError {
  const mode = live ? 'live' : 'test';
  const settings = `https://dashboard.stripe.com/${live ? '' : 'test/'}settings/billing/portal`;
  return stripeError(
    400,
    `No configuration provided and your ${mode} mode default configuration has not been created. ` +
      `Provide a configuration or create your default by saving your customer portal settings in ${mode} mode at ${settings}.`,
  );
}

export const serverError = stripeError(500, 'An unknown error occurred', { type: 'api_error' });
export const rateLimited = stripeError(
  429,
  'Too many requests hit the API too quickly. Back off and retry the request later.',
  { code: 'rate_limit' },
);

/** Stripe's 401 for a key it does not know, showing only the key's prefix and last four characters. */
export function invalidKey(key: string): StripeError {
  const masked =
    key.length > 12
      ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`
      : '*'.repeat(key.length);
  return stripeError(401, `Invalid API Key provided: ${masked}`);
}

export const noKey = stripeError(
  401,
  'You did not provide an API key. Send your secret key in the Authorization header as Bearer auth ' +
    "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
);

/** The key a request carries: `Bearer <key>`, or Basic with the key as the user name. */
export function keyOf(request: FastifyRequest): string | undefined {
  const [scheme = '', credentials = ''] = (request.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme.toLowerCase() === 'bearer') return credentials || undefined;
  if (scheme.toLowerCase() !== 'basic' || !credentials) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return (colon < 0 ? decoded : decoded.slice(0, colon)) || undefined;
}

/**
 * Stripe refuses a parameter it does not know: `allowed` lists the names a hash may hold (nested
 * under `at`, e.g. `line_items[0]`), and a list as a name's rule lists what its own hash may hold.
 */
export function unknownParam(
  params: Params,
  allowed: Record<string, readonly string[] | boolean>,
  at = '',
): StripeError | undefined {
  const nameOf = (key: string) => (at ? `${at}[${key}]` : key);
  for (const [key, value] of Object.entries(params)) {
    const rule = allowed[key];
    if (rule === undefined) return unknown(nameOf(key));
    if (!Array.isArray(rule) || typeof value !== 'object' || Array.isArray(value)) continue;
    const inner = Object.keys(value).find((name) => !rule.includes(name));
    if (inner !== undefined) return unknown(`${nameOf(key)}[${inner}]`);
  }
  return undefined;
}

const unknown = (param: string) => stripeError(400, `Received unknown parameter: ${param}`, { param });
