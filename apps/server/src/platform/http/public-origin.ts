import type { AddressInfo } from 'node:net';

/**
 * The origin of every link PodFlow hands out (password reset e-mails, Stripe's return pages):
 * PUBLIC_URL when set, else the address the server itself listens on, known once it listens.
 * Never the request's Host or X-Forwarded-Host header, which anyone can set.
 */
export type PublicOrigin = {
  /** `https://app.example.com`: no trailing slash, no path. */
  get: () => string;
  /** Called once the server listens: without PUBLIC_URL, links follow the bound address. */
  listening: (address: AddressInfo | string | null) => void;
};

/** `http://localhost:8080` for a wildcard address, else `http://<address>:<port>` (IPv6 bracketed). */
export function listenOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The public origin from PUBLIC_URL, or, without it, from the server's listening address. */
export function publicOrigin(publicUrl: string | undefined, planned: { host: string; port: number }) {
  const fixed = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  let bound = listenOrigin(planned.host, planned.port);
  const origin: PublicOrigin = {
    get: () => fixed ?? bound,
    listening: (address) => {
      if (address && typeof address === 'object') bound = listenOrigin(address.address, address.port);
    },
  };
  return origin;
}
