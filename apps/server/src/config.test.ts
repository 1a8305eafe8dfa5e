import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'podflow-config-'));

  it('serves on port 8080 with SQLite under DATA_DIR when nothing is set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'podflow.sqlite') });
    expect(config.auth.accessTokenTtlSeconds).toBe(900);
  });

  it('keeps one generated secret across restarts when APP_SECRET is not set', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8')).toBe(first);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@localhost/db',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost/db' });
  });

  it("reaches Gelato's order API on its own host, overridable for the sandbox", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).providers.gelatoOrderBaseUrl).toBe(
      'https://order.gelatoapis.com',
    );
    const local = loadConfig({ DATA_DIR: dataDir(), GELATO_ORDER_BASE_URL: 'http://127.0.0.1:4100/' });
    expect(local.providers.gelatoOrderBaseUrl).toBe('http://127.0.0.1:4100');
    expect(() => loadConfig({ DATA_DIR: dataDir(), GELATO_ORDER_BASE_URL: 'order.gelatoapis.com' })).toThrow(
      /GELATO_ORDER_BASE_URL must be a URL/,
    );
  });

  it('gives stopping jobs 10 s by default, and refuses a grace period that is not a number of seconds', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      /SHUTDOWN_GRACE_SECONDS must be at least 1/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(
      /SHUTDOWN_GRACE_SECONDS/,
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
  });

  it('requires APP_SECRET whenever another process can share the data, saying how to make one', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ NODE_ENV: 'production', PUBLIC_URL: 'https://podflow.example.com' }, 'in production'],
      [{ DATABASE_URL: 'postgres://u@localhost/db' }, 'when DATABASE_URL is set'],
      [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'when REDIS_URL is set'],
      [{ ROLE: 'worker' }, 'when ROLE is worker'],
      [{ ROLE: 'api' }, 'when ROLE is api'],
    ];
    for (const [env, reason] of cases) {
      const dir = dataDir();
      for (const secret of [{}, { APP_SECRET: '' }]) {
        expect(() => loadConfig({ DATA_DIR: dir, ...env, ...secret }), reason).toThrow(
          `APP_SECRET: required ${reason}`,
        );
        expect(() => loadConfig({ DATA_DIR: dir, ...env, ...secret }), reason).toThrow(
          'Make one with `openssl rand -base64 48` (at least 32 characters) and give every process the same value.',
        );
      }
      // Refused before anything is written: no secret file a second process would not share.
      expect(existsSync(path.join(dir, 'app-secret')), reason).toBe(false);
      expect(loadConfig({ DATA_DIR: dir, ...env, APP_SECRET: 's'.repeat(32) }).appSecret).toBe(
        's'.repeat(32),
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: '', ROLE: 'all' })).not.toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir() }, ['--role', 'worker'])).toThrow(
      'APP_SECRET: required when ROLE is worker',
    );
  });

  it('requires PUBLIC_URL in production, and refuses one that is not http(s)', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'javascript://x' })).toThrow(/PUBLIC_URL must be/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://podflow.example.com' }).publicUrl).toBe(
      'https://podflow.example.com',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: '' }).publicUrl).toBeUndefined();
  });

  it('serves the API reference except in production, where API_DOCS=true turns it on', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://podflow.example.com',
      DATA_DIR: dataDir(),
    };
    expect(loadConfig({ DATA_DIR: dataDir() }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: '' }).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('keeps the previous APP_SECRET for a rotation, empty meaning unset', () => {
    const base = { DATA_DIR: dataDir(), APP_SECRET: 'n'.repeat(40) };
    expect(loadConfig({ ...base, APP_SECRET_PREVIOUS: 'o'.repeat(40) }).appSecretPrevious).toBe(
      'o'.repeat(40),
    );
    expect(loadConfig({ ...base, APP_SECRET_PREVIOUS: '' }).appSecretPrevious).toBeUndefined();
    expect(() => loadConfig({ ...base, APP_SECRET_PREVIOUS: 'short' })).toThrow(/APP_SECRET_PREVIOUS/);
  });

  it('turns payments on only with the whole Stripe setting', () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).stripe).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const stripe = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_PREMIUM: 'price_p',
    }).stripe;
    expect(stripe).toMatchObject({
      baseUrl: 'https://api.stripe.com',
      prices: { basic: 'price_b', premium: 'price_p' },
    });
  });

  it('never lets a store URL reach private addresses in production', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://podflow.example.com',
      DATA_DIR: dataDir(),
    };
    expect(() => loadConfig({ ...production, STORES_ALLOW_PRIVATE_URLS: 'true' })).toThrow(
      /STORES_ALLOW_PRIVATE_URLS/,
    );
    expect(loadConfig(production).stores).toEqual({
      shopifyBaseUrl: 'https://{shop}.myshopify.com',
      shopifyApiVersion: '2026-07',
      allowPrivateUrls: false,
    });
  });
});
