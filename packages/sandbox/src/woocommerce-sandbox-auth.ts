import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Json, type WooError, badKey, badSecret, wooError } from './woocommerce-sandbox-checks.ts';

/**
 * The WooCommerce sandbox's WC_REST_Authentication (providers/woocommerce.md, Authentication):
 * over SSL, the consumer_key/consumer_secret query parameters or HTTP Basic first; then OAuth 1.0a
 * one-legged signatures from the query string or an `Authorization: OAuth` header, checked as
 * WooCommerce checks them (its own base string, HMAC-SHA1 or -SHA256, 15 minutes, each nonce once).
 * Over plain http, Basic and query-string keys are not read at all: the request is anonymous.
 * The sandbox listens on http; it is "SSL" for a request that says `X-Forwarded-Proto: https`, as
 * WordPress behind a TLS-terminating proxy is configured to be.
 */

export type WooKeys = { consumerKey: string; consumerSecret: string };

export type WooAuthSettings = WooKeys & {
  /** The host drops the Authorization header before WordPress sees it (some CGI setups). */
  stripsAuthorization: boolean;
  now: () => number;
};

/** Who a request is: the key's owner, nobody (the route's permission check decides), or refused. */
export type WooAuthOutcome = { ok: true } | { ok: false; error?: WooError };

const oauthNames = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
];
const validWindowSeconds = 15 * 60;
const authError = (message: string) => wooError(401, 'woocommerce_rest_authentication_error', message);

/** PHP's rawurlencode: everything but letters, digits and -_.~ percent-encoded. */
const rawUrlEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query value as PHP's $_GET holds it: a repeated key keeps its last value. */
const lastOf = (value: unknown) => (Array.isArray(value) ? String(value.at(-1)) : String(value));

/** Whether WordPress sees the request as https (is_ssl()). */
export const isSsl = (request: FastifyRequest) =>
  String(request.headers['x-forwarded-proto'] ?? '').toLowerCase() === 'https';

/** The Authorization header as PHP passes it on. */
const authorizationOf = (request: FastifyRequest, settings: WooAuthSettings) =>
  settings.stripsAuthorization ? '' : (request.headers.authorization ?? '').trim();

/** perform_basic_authentication's keys: the query parameters first, then Basic auth. */
function basicKeys(request: FastifyRequest, authorization: string) {
  const { consumer_key: key, consumer_secret: secret } = request.query as Json;
  if (key !== undefined && secret !== undefined && lastOf(key) !== '' && lastOf(secret) !== '') {
    return { key: lastOf(key), secret: lastOf(secret) };
  }
  const [scheme, encoded] = authorization.split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // PHP only sets the Basic user and password when both are there.
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** get_oauth_parameters: the query's parameters, with an `OAuth` header's on top. */
function oauthParams(request: FastifyRequest, authorization: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.query as Json)) params[key] = lastOf(value);
  if (authorization.startsWith('OAuth ')) {
    for (const [, name, quoted, bare] of authorization.matchAll(/(oauth_[a-z_-]*)=(?:"([^"]*)"|([^,]*))/g)) {
      params[name!] = decodeURIComponent((quoted || bare || '').replace(/\+/g, ' '));
    }
  }
  return params;
}

/** check_oauth_signature's string to sign: method, home URL of the path, sorted and encoded params. */
function stringToSign(request: FastifyRequest, params: Record<string, string>): string {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? '';
  const path = request.url.split('?')[0] ?? '';
  const home = `${isSsl(request) ? 'https' : 'http'}://${String(host)}${path}`;
  const pairs = Object.keys(params)
    .filter((key) => key !== 'oauth_signature')
    .sort()
    .map((key) => rawUrlEncode(`${rawUrlEncode(key)}=${rawUrlEncode(params[key]!)}`));
  return `${request.method.toUpperCase()}&${rawUrlEncode(home)}&${pairs.join('%26')}`;
}

/** The sandbox's authentication, with the nonces each key has used in the last 15 minutes. */
export function wooAuthenticator(settings: WooAuthSettings) {
  const usedNonces = new Map<string, number>();

  function checkOauth(request: FastifyRequest, params: Record<string, string>): WooAuthOutcome {
    if (params.oauth_consumer_key !== settings.consumerKey) return { ok: false, error: badKey };
    const method = params.oauth_signature_method;
    if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256') {
      return { ok: false, error: authError('Invalid signature - signature method is invalid.') };
    }
    const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
    const expected = createHmac(algorithm, `${settings.consumerSecret}&`)
      .update(stringToSign(request, params))
      .digest('base64');
    let given: string;
    try {
      given = decodeURIComponent(params.oauth_signature!.replace(/ /g, '+'));
    } catch {
      given = '';
    }
    if (given !== expected) {
      return { ok: false, error: authError('Invalid signature - provided signature does not match.') };
    }
    const nowSeconds = Math.floor(settings.now() / 1000);
    const timestamp = Number(params.oauth_timestamp);
    if (!(Math.abs(timestamp - nowSeconds) <= validWindowSeconds)) {
      return { ok: false, error: authError('Invalid timestamp.') };
    }
    for (const [nonce, at] of usedNonces) if (at < nowSeconds - validWindowSeconds) usedNonces.delete(nonce);
    if (usedNonces.has(params.oauth_nonce!)) {
      return { ok: false, error: authError('Invalid nonce - nonce has already been used.') };
    }
    usedNonces.set(params.oauth_nonce!, timestamp);
    return { ok: true };
  }

  /** WC_REST_Authentication::authenticate for one request. */
  return function authenticate(request: FastifyRequest): WooAuthOutcome {
    const authorization = authorizationOf(request, settings);
    let error: WooError | undefined;
    if (isSsl(request)) {
      const keys = basicKeys(request, authorization);
      // An unknown key is no error here: WooCommerce goes on to OAuth, then to the permission check.
      if (keys?.key === settings.consumerKey) {
        if (keys.secret === settings.consumerSecret) return { ok: true };
        error = badSecret;
      }
    }
    const params = oauthParams(request, authorization);
    const missing = oauthNames.filter((name) => !params[name]);
    if (missing.length === oauthNames.length) return { ok: false, error };
    if (missing.length > 0) {
      const noun = missing.length === 1 ? 'parameter' : 'parameters';
      const message = `Missing OAuth ${noun} ${missing.join(', ')}`;
      return {
        ok: false,
        error: wooError(401, 'woocommerce_rest_authentication_missing_parameter', message),
      };
    }
    return checkOauth(request, params);
  };
}
