import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/**
 * How a WooCommerce store is told whose keys a request carries, as WC_REST_Authentication reads
 * them (providers/woocommerce.md, Authentication): over https, HTTP Basic, or the documented
 * consumer_key/consumer_secret query parameters when the host strips the Authorization header;
 * over plain http WooCommerce ignores both, so every request is signed with OAuth 1.0a
 * (one-legged, HMAC-SHA256, the parameters in the query string, as the official client sends them).
 */

export type WooAuthMethod = 'basic' | 'query-string' | 'oauth1';

export type WooAuthOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** Over https: send the keys as query parameters from the first request (a host known to strip Authorization). */
  queryStringAuth?: boolean;
  /** For tests: the clock (ms) and the nonce of OAuth signatures. */
  now?: () => number;
  nonce?: () => string;
};

/** A fresh 32-character alphanumeric nonce, as WooCommerce expects one. */
const randomNonce = () => randomBytes(16).toString('hex');

/** What `fetch` gets as its first argument, as a URL. */
const urlOf = (input: string | URL | Request) =>
  new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);

/** A 401 whose code says WooCommerce saw no keys at all (a permission check failed, not the keys). */
async function sawNoKeys(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const code = await response
    .clone()
    .json()
    .then((body: unknown) => (body as { code?: unknown } | null)?.code)
    .catch(() => undefined);
  return typeof code === 'string' && code.startsWith('woocommerce_rest_cannot_');
}

/**
 * A fetch that authenticates every request (each attempt signed anew: WooCommerce refuses a nonce
 * it has seen) for the store's scheme, and answers which method it uses now. Over https a 401
 * saying no keys were seen is sent again once with the query-string keys; if that passes, the
 * client keeps them (`method()` then says 'query-string', for the caller to remember).
 */
export function wooAuthFetch(baseFetch: typeof fetch, apiBase: string, options: WooAuthOptions) {
  const { consumerKey, consumerSecret, now = Date.now, nonce = randomNonce } = options;
  const https = new URL(apiBase).protocol === 'https:';
  let method: WooAuthMethod = !https ? 'oauth1' : options.queryStringAuth ? 'query-string' : 'basic';
  const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64');
  const oauth = new OAuth({
    consumer: { key: consumerKey, secret: consumerSecret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, key) => createHmac('sha256', key).update(base).digest('base64'),
  });
  oauth.getNonce = nonce;
  oauth.getTimeStamp = () => Math.floor(now() / 1000);

  function authorize(url: URL, init: RequestInit, how: WooAuthMethod): [URL, RequestInit] {
    const signed = new URL(url);
    const headers = new Headers(init.headers);
    if (how === 'basic') headers.set('authorization', `Basic ${basic}`);
    if (how === 'query-string') {
      signed.searchParams.set('consumer_key', consumerKey);
      signed.searchParams.set('consumer_secret', consumerSecret);
    }
    if (how === 'oauth1') {
      // The query as PHP's $_GET reads it (a repeated key: the last value), signed with the path.
      const data = Object.fromEntries(url.searchParams);
      const verb = (init.method ?? 'GET').toUpperCase();
      const params = oauth.authorize({ url: `${url.origin}${url.pathname}`, method: verb, data });
      for (const [key, value] of Object.entries(params)) signed.searchParams.set(key, String(value));
    }
    return [signed, { ...init, headers }];
  }

  const authFetch: typeof fetch = async (input, init = {}) => {
    const url = urlOf(input);
    const used = method;
    const response = await baseFetch(...authorize(url, init, used));
    if (used !== 'basic' || !(await sawNoKeys(response))) return response;
    // The host dropped the Authorization header before WordPress saw it: WooCommerce's documented
    // answer is the same keys as query parameters. A 401 means nothing was done, so a POST may go again.
    await response.body?.cancel().catch(() => undefined);
    const again = await baseFetch(...authorize(url, init, 'query-string'));
    if (again.status !== 401) method = 'query-string';
    return again;
  };

  return { fetch: authFetch, method: () => method, basic };
}
