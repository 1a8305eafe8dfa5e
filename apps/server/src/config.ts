import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Settings } from './platform/storage/s3-storage.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `Name <address>` or a bare address, on one line. */
const mailbox = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the server, each with its default; `.env.example` documents them. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().startsWith('postgres', 'DATABASE_URL must be a postgres:// URL').optional(),
  // Empty means unset: the embedded default keeps a generated one in DATA_DIR (refused when shared).
  APP_SECRET: z
    .union([z.literal(''), z.string().min(32, 'APP_SECRET needs at least 32 characters')])
    .optional(),
  // Empty means unset. The secret before the last rotation: sealed values still open under it.
  APP_SECRET_PREVIOUS: z
    .union([z.literal(''), z.string().min(32, 'APP_SECRET_PREVIOUS needs at least 32 characters')])
    .optional(),
  // Empty means unset: links then follow the address the server listens on (refused in production).
  PUBLIC_URL: z
    .union([
      z.literal(''),
      z.url({
        protocol: /^https?$/,
        error: 'PUBLIC_URL must be an http(s) URL such as https://podflow.example.com',
      }),
    ])
    .optional(),
  // The API reference (/api/docs, /api/openapi.json): on by default, off in production unless true.
  API_DOCS: z.union([z.literal(''), bool]).optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(90),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(300),
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().default(50),
  UPLOAD_MAX_MEGAPIXELS: z.coerce.number().positive().default(100),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).default(500),
  STORAGE: z.enum(['local', 's3'], 'STORAGE must be local or s3').default('local'),
  // Empty means unset (AWS itself); any other S3-compatible server's URL otherwise.
  S3_ENDPOINT: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })])
    .optional(),
  S3_BUCKET: z
    .union([
      z.literal(''),
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
        ),
    ])
    .default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // Both empty: the AWS SDK's own credential chain (an instance or task role, AWS_* variables).
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: bool.default(false),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  // Empty means unset, as in .env.example.
  REDIS_URL: z
    .union([
      z.literal(''),
      z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL'),
    ])
    .optional(),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
  QUEUE_PREFIX: z.string().min(1).default('podflow'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  RENDER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .min(1, 'SHUTDOWN_GRACE_SECONDS must be at least 1')
    .max(3600, 'SHUTDOWN_GRACE_SECONDS must be at most 3600')
    .default(10),
  // Empty means unset: the built-in offline writer.
  AI_BASE_URL: z
    .union([z.literal(''), z.url('AI_BASE_URL must be a URL such as https://api.openai.com/v1')])
    .optional(),
  AI_API_KEY: z.string().default(''),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PRINTIFY_BASE_URL: z.url('PRINTIFY_BASE_URL must be a URL').default('https://api.printify.com'),
  GELATO_BASE_URL: z.url('GELATO_BASE_URL must be a URL').default('https://ecommerce.gelatoapis.com'),
  GELATO_ORDER_BASE_URL: z.url('GELATO_ORDER_BASE_URL must be a URL').default('https://order.gelatoapis.com'),
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  SHOPIFY_BASE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{shop\}/, 'SHOPIFY_BASE_URL must be a URL holding {shop}')
    .default('https://{shop}.myshopify.com'),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'SHOPIFY_API_VERSION must look like 2026-07')
    .default('2026-07'),
  STORES_ALLOW_PRIVATE_URLS: bool.default(false),
  ORDERS_SYNC_MINUTES: z.coerce.number().positive().max(1440).default(5),
  // Empty means unset: payments are off and Subscribe says so.
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_BASE_URL: z.url('STRIPE_BASE_URL must be a URL').default('https://api.stripe.com'),
  STRIPE_API_VERSION: z.string().min(1).default('2026-07-29.dahlia'),
  STRIPE_PRICE_BASIC: z.string().default(''),
  STRIPE_PRICE_PREMIUM: z.string().default(''),
  // Empty means unset: each message is written to DATA_DIR/outbox as an .eml file and logged.
  SMTP_URL: z
    .union([
      z.literal(''),
      z.string().regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL'),
    ])
    .optional(),
  MAIL_FROM: z
    .union([
      z.literal(''),
      z.string().regex(mailbox, 'MAIL_FROM must be an address, e.g. PodFlow <support@example.com>'),
    ])
    .optional(),
  CONTACT_TO: z.union([z.literal(''), z.email('CONTACT_TO must be an e-mail address')]).optional(),
  // The web app built with VITE_GTM_ID loads Google Tag Manager: its hosts must pass the CSP.
  TAG_MANAGER: bool.default(false),
});

/** Every environment variable the configuration reads (compose.yaml and the Dockerfile set no other). */
export const configKeys: readonly string[] = Object.keys(schema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  appSecret: string;
  /** The APP_SECRET before the last rotation: provider keys sealed under it still open until re-sealed. */
  appSecretPrevious: string | undefined;
  /** PUBLIC_URL: the origin of links; unset, the listen address (platform/http/public-origin.ts). */
  publicUrl: string | undefined;
  /** The API reference at /api/docs and /api/openapi.json is served. */
  apiDocs: boolean;
  webDistDir: string;
  logLevel: string;
  trustProxy: boolean;
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** A session ends this long after its sign-in, however often it is refreshed. */
    sessionMaxSeconds: number;
    loginMaxFailures: number;
    loginLockSeconds: number;
    /** Failed sign-ins per account from unknown addresses before each next one waits (doubling). */
    loginAccountMaxFailures: number;
    loginAccountMaxDelaySeconds: number;
  };
  rateLimit: { perMinute: number; authPerMinute: number };
  /** Files on the local disk (the embedded default) or in an S3-compatible bucket (STORAGE=s3). */
  storage: { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);
  /** Signed file URLs live this long; the web app renews them by refetching lists (SPEC: every 50 minutes). */
  signedUrlTtlSeconds: number;
  uploads: { maxFileBytes: number; maxPixels: number; maxFiles: number };
  /** Background jobs: in Redis (BullMQ) when redisUrl is set, else in the database. */
  queue: { redisUrl: string | undefined; leaseSeconds: number; prefix: string };
  /** What this process does: serve the API, run jobs, or both (the single-process default). */
  role: 'all' | 'api' | 'worker';
  /**
   * How much lower rendering runs in the OS's scheduler (nice), so the API answers first on a
   * busy machine: a worker process as a whole, the render threads of a process that also serves.
   */
  renderNice: number;
  /**
   * Seconds from SIGTERM/SIGINT to the exit: jobs finish the item in hand and are handed back, then
   * the process exits; past this it exits anyway (their leases lapse and another worker goes on).
   */
  shutdownGraceMs: number;
  /**
   * The listing writer: an OpenAI-compatible chat model when baseUrl is set, else the built-in
   * offline writer. `concurrency`: designs written at once per process.
   */
  ai: { baseUrl: string | undefined; apiKey: string; model: string; timeoutMs: number; concurrency: number };
  /** Print providers' API base URLs (the sandboxes' in tests and the demo) and each call's timeout. */
  providers: {
    printifyBaseUrl: string;
    gelatoBaseUrl: string;
    /** Gelato's order API (orders v4), on its own host. */
    gelatoOrderBaseUrl: string;
    timeoutMs: number;
  };
  /**
   * The sellers' stores: Shopify's admin URL ({shop} replaced by the shop name) and API version;
   * `allowPrivateUrls` lets a WooCommerce store URL be plain http or on a private network, for
   * tests and the demo only (refused in production).
   */
  stores: { shopifyBaseUrl: string; shopifyApiVersion: string; allowPrivateUrls: boolean };
  /** Orders (issue 23): how often every connected shop's orders are reconciled, in minutes. */
  orders: { syncMinutes: number };
  /**
   * Stripe: undefined when no secret key is set (payments off). `prices` maps each paid plan to its
   * Stripe price id.
   */
  /** The web app loads Google Tag Manager (built with VITE_GTM_ID): the CSP allows its hosts. */
  tagManager: boolean;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        baseUrl: string;
        apiVersion: string;
        prices: { basic: string; premium: string };
      }
    | undefined;
  /**
   * E-mail: through SMTP when smtpUrl is set, else written to outboxDir (and logged). `from` is
   * the sender of every message; contact messages go to `contactTo`.
   */
  mail: { smtpUrl: string | undefined; from: string; contactTo: string; outboxDir: string };
};

/** Parses the environment once at start-up; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  // `--role worker` on the command line (ARCHITECTURE.md) is the same as ROLE=worker.
  const roleAt = argv.indexOf('--role');
  const parsed = schema.safeParse(roleAt >= 0 ? { ...env, ROLE: argv[roleAt + 1] } : env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const shared = sharedDataReason(e);
  if (shared && !e.APP_SECRET) {
    throw new Error(`Invalid configuration:\n  APP_SECRET: required ${shared}. ${makeASecret}`);
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required in production (the https:// address sellers open, used in e-mailed and payment links)',
    );
  }
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_BASIC || !e.STRIPE_PRICE_PREMIUM)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY is set: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM are needed too',
    );
  }
  if (e.NODE_ENV === 'production' && e.STORES_ALLOW_PRIVATE_URLS) {
    throw new Error(
      'Invalid configuration:\n  STORES_ALLOW_PRIVATE_URLS: for tests and the demo only, never in production',
    );
  }
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.MAIL_FROM) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL is set: MAIL_FROM (the address mail is sent from) is needed too',
    );
  }
  if (e.STORAGE === 's3') {
    const missing = [
      ...(e.S3_BUCKET ? [] : ['S3_BUCKET']),
      ...(!e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY
        ? []
        : ['both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the AWS credential chain)']),
    ];
    if (missing.length > 0) {
      throw new Error(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')}`);
    }
  }
  const mailFrom = e.MAIL_FROM || 'PodFlow <support@podflow.local>';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'podflow.sqlite') },
    appSecret: e.APP_SECRET || localSecret(dataDir),
    appSecretPrevious: e.APP_SECRET_PREVIOUS || undefined,
    publicUrl: e.PUBLIC_URL || undefined,
    apiDocs: e.API_DOCS === '' || e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    auth: {
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
      sessionMaxSeconds: e.SESSION_MAX_DAYS * 24 * 3600,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginLockSeconds: e.LOGIN_LOCK_SECONDS,
      loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
      loginAccountMaxDelaySeconds: e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
    },
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT || undefined,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', root: path.join(dataDir, 'files') },
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
    uploads: {
      maxFileBytes: Math.round(e.UPLOAD_MAX_FILE_MB * 1024 * 1024),
      maxPixels: Math.round(e.UPLOAD_MAX_MEGAPIXELS * 1_000_000),
      maxFiles: e.UPLOAD_MAX_FILES,
    },
    queue: { redisUrl: e.REDIS_URL || undefined, leaseSeconds: e.JOB_LEASE_SECONDS, prefix: e.QUEUE_PREFIX },
    role: e.ROLE,
    renderNice: e.RENDER_NICE,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    ai: {
      baseUrl: e.AI_BASE_URL || undefined,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
      concurrency: e.AI_CONCURRENCY,
    },
    providers: {
      printifyBaseUrl: e.PRINTIFY_BASE_URL.replace(/\/+$/, ''),
      gelatoBaseUrl: e.GELATO_BASE_URL.replace(/\/+$/, ''),
      gelatoOrderBaseUrl: e.GELATO_ORDER_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: Math.round(e.PROVIDER_TIMEOUT_SECONDS * 1000),
    },
    stores: {
      shopifyBaseUrl: e.SHOPIFY_BASE_URL.replace(/\/+$/, ''),
      shopifyApiVersion: e.SHOPIFY_API_VERSION,
      allowPrivateUrls: e.STORES_ALLOW_PRIVATE_URLS,
    },
    orders: { syncMinutes: e.ORDERS_SYNC_MINUTES },
    tagManager: e.TAG_MANAGER,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          baseUrl: e.STRIPE_BASE_URL.replace(/\/+$/, ''),
          apiVersion: e.STRIPE_API_VERSION,
          prices: { basic: e.STRIPE_PRICE_BASIC, premium: e.STRIPE_PRICE_PREMIUM },
        }
      : undefined,
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: mailFrom,
      contactTo: e.CONTACT_TO || (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom),
      outboxDir: path.join(dataDir, 'outbox'),
    },
  };
}

/** How to make a secret, in the sentence that asks for one. */
export const makeASecret =
  'Make one with `openssl rand -base64 48` (at least 32 characters) and give every process the same value.';

/**
 * Why APP_SECRET must be set, or undefined when the embedded default may keep its own: every
 * process that can share the data must sign and seal with the same secret, and a file inside one
 * machine's DATA_DIR is not shared.
 */
function sharedDataReason(e: z.infer<typeof schema>): string | undefined {
  if (e.NODE_ENV === 'production') return 'in production';
  if (e.DATABASE_URL) return 'when DATABASE_URL is set (several processes can share the database)';
  if (e.REDIS_URL) return 'when REDIS_URL is set (several processes can share the job queue)';
  if (e.ROLE !== 'all') return `when ROLE is ${e.ROLE} (the other role runs in another process)`;
  return undefined;
}

/**
 * Without APP_SECRET (the embedded default), a random secret is made once and kept in DATA_DIR,
 * so sessions and encrypted secrets survive a restart without any setup.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim(); // another process wrote it first
    }
  }
}
