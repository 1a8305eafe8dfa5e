import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { MockupEngine } from '@podflow/mockup-engine/engine';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodyOf } from '@podflow/contract/errors';
import type { Config } from './config.ts';
import { authRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { loginThrottle } from './modules/auth/login-throttle.ts';
import { loginThrottleRepo } from './modules/auth/login-throttle.repo.ts';
import { passwordResetRepo } from './modules/auth/password-reset.repo.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { passwordResetService } from './modules/auth/password-reset.service.ts';
import { billingRepo } from './modules/billing/billing.repo.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { billingService } from './modules/billing/billing.service.ts';
import { contentDirs, contentRoutes } from './modules/content/content.routes.ts';
import { contactRepo } from './modules/contact/contact.repo.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { contactService } from './modules/contact/contact.service.ts';
import { designThumbnails } from './modules/designs/design-thumbnails.ts';
import { designsRepo } from './modules/designs/designs.repo.ts';
import { designsRoutes } from './modules/designs/designs.routes.ts';
import { designsService } from './modules/designs/designs.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { appMetrics } from './modules/metrics/metrics.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createListingsJob } from './modules/listings/create-listings.job.ts';
import { listingsRepo } from './modules/listings/listings.repo.ts';
import { listingsRoutes } from './modules/listings/listings.routes.ts';
import {
  CREATE_LISTINGS_JOB,
  listingsService,
  providerClients,
} from './modules/listings/listings.service.ts';
import type { ListingWriter } from './modules/metadata/listing-writer.ts';
import { metadataRepo } from './modules/metadata/metadata.repo.ts';
import { metadataRoutes } from './modules/metadata/metadata.routes.ts';
import { WRITE_LISTING_JOB, metadataService } from './modules/metadata/metadata.service.ts';
import { offlineListingWriter } from './modules/metadata/offline-writer.ts';
import { openAiListingWriter } from './modules/metadata/openai-writer.ts';
import { writeListingJob } from './modules/metadata/write-listing.job.ts';
import { designTextReader } from './modules/metadata/design-text/design-text-reader.ts';
import { mockupsRepo } from './modules/mockups/mockups.repo.ts';
import { connectionHooks } from './modules/orders/connection-hooks.ts';
import { orderActionsModule } from './modules/orders/order-actions.module.ts';
import { orderActionsRoutes } from './modules/orders/order-actions.routes.ts';
import { orderEventsJob } from './modules/orders/order-events.job.ts';
import { orderSourcesRepo } from './modules/orders/order-sources.repo.ts';
import { type SourceFor, orderSourcesService } from './modules/orders/order-sources.service.ts';
import { orderWebhooksRoutes } from './modules/orders/order-webhooks.routes.ts';
import { ordersRepo } from './modules/orders/orders.repo.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersScheduler } from './modules/orders/orders-scheduler.ts';
import { ordersService } from './modules/orders/orders.service.ts';
import { registrySourceFor } from './modules/orders/sources/index.ts';
import { syncOrdersJob } from './modules/orders/sync-orders.job.ts';
import { storesRepo } from './modules/stores/stores.repo.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import {
  SYNC_STORE_JOB,
  shopifyWebhookSecret,
  storeClients,
  storesService,
} from './modules/stores/stores.service.ts';
import { syncStoreJob } from './modules/stores/sync-store.job.ts';
import { mockupsRoutes } from './modules/mockups/mockups.routes.ts';
import { RENDER_MOCKUPS_JOB, mockupsService } from './modules/mockups/mockups.service.ts';
import { mockupRenderer } from './modules/mockups/mockup-renderer.ts';
import { renderCache } from './modules/mockups/render-cache.ts';
import { renderMockupsJob } from './modules/mockups/render-mockups.job.ts';
import { starterTemplates } from './modules/templates/library/starter-templates.ts';
import { templateLibrary } from './modules/templates/template-library.ts';
import { templatesRepo } from './modules/templates/templates.repo.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { templatesService } from './modules/templates/templates.service.ts';
import { workspacesRepo } from './modules/workspaces/workspaces.repo.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { workspacesService } from './modules/workspaces/workspaces.service.ts';

import { LiveSessions, liveSessionCache } from './platform/auth/live-sessions.ts';
import { requireUser } from './platform/auth/require-user.ts';
import { SecretBox } from './platform/crypto/secrets.ts';
import { AccessTokens, RefreshTokenSuccessors } from './platform/auth/tokens.ts';
import { type Db, isDatabaseUp, poolUseOf } from './platform/db/db.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { openMail } from './platform/mail/open-mail.ts';
import { answerClientError, answerFrameworkError } from './platform/http/framework-errors.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { recordRoutes } from './platform/http/route-table.ts';
import { publicOrigin } from './platform/http/public-origin.ts';
import { registerSecurity } from './platform/http/security.ts';
import { registerSpa, wantsHtml } from './platform/http/spa.ts';
import { registerStrictJson } from './platform/http/utf8.ts';
import { openJobQueue, runsJobs } from './platform/queue/open-queue.ts';
import { runReconciler } from './platform/queue/run-reconciler.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { localDiskStorage } from './platform/storage/local-disk-storage.ts';
import { orphanSweep } from './platform/storage/orphan-sweep.ts';
import { s3Storage } from './platform/storage/s3-storage.ts';
import { storedKeysRepo } from './platform/storage/stored-keys.repo.ts';
import { UrlSigner } from './platform/storage/signed-urls.ts';
import { printifyCanFetch } from '@podflow/providers/printify';
import { safeFetch } from '@podflow/providers/safe-fetch';

export type AppDeps = {
  config: Config;
  db: Db;
  /** The orders module's adapters; default the registry in modules/orders/sources/index.ts (tests pass a fake). */
  orderSources?: SourceFor;
  /** The orders module's clock (default Date.now; tests move it to see an order become stuck). */
  ordersClock?: () => number;
};

/** The AI port's adapter: an OpenAI-compatible model when AI_BASE_URL is set, else the offline writer. */
function listingWriterFor({ ai, uploads }: Config): ListingWriter {
  if (!ai.baseUrl) return offlineListingWriter({ maxPixels: uploads.maxPixels });
  return openAiListingWriter({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work the app runs; tests and benches wait for it. */
    background: { idle: () => Promise<void>; warm: () => Promise<void>; jobsIdle: () => Promise<void> };
  }
}

/** Builds the Fastify instance with every module; main.ts listens, tests inject. */
export async function buildApp({ config, db, orderSources, ordersClock }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once closing began, every answer closes its connection: a keep-alive connection whose request
  // was under way then (a webhook delivery, a poll) would hold the server open until its keep-alive
  // timeout, 72 s, far past a stop's grace period.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  recordRoutes(app);
  const metrics = appMetrics({ queueDepth: () => queue.depth(), poolUse: () => poolUseOf(db), log: app.log });
  metrics.observeRequests(app);
  // A worker (ROLE=worker) serves only /healthz, /readyz and /metrics, never the API.
  const servesApi = config.role !== 'worker';
  const providers = { ...config.providers, onAttempt: metrics.providerAttempt };
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerStrictJson(app);
  // Links' origin: PUBLIC_URL, or the address the server ends up listening on (never a request header).
  const origin = publicOrigin(config.publicUrl, config);
  app.addHook('onListen', async () => origin.listening(app.server.address()));
  await registerSecurity(app, config);
  await registerOpenApi(app, { serve: config.apiDocs && servesApi });

  const accessTokens = new AccessTokens(config.appSecret, config.auth.accessTokenTtlSeconds);
  const accounts = authRepo(db);
  const throttle = loginThrottle(loginThrottleRepo(db), {
    maxFailures: config.auth.loginMaxFailures,
    lockSeconds: config.auth.loginLockSeconds,
    accountMaxFailures: config.auth.loginAccountMaxFailures,
    accountMaxDelaySeconds: config.auth.loginAccountMaxDelaySeconds,
  });
  // Every signed-in request checks its session; a live answer is trusted for a few seconds.
  const sessions = new LiveSessions((sid, userId) => auth.sessionIsLive(sid, userId), liveSessionCache);
  const auth = authService({
    repo: accounts,
    throttle,
    accessTokens,
    successors: new RefreshTokenSuccessors(config.appSecret),
    sessions,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
    sessionMaxSeconds: config.auth.sessionMaxSeconds,
  });

  const signedIn = requireUser(accessTokens, sessions);
  const storage =
    config.storage.kind === 's3' ? s3Storage(config.storage) : localDiskStorage(config.storage.root);
  const signer = new UrlSigner(config.appSecret, config.signedUrlTtlSeconds);
  const designsData = designsRepo(db);
  const thumbnails = designThumbnails({
    storage,
    repo: designsData,
    log: app.log,
    maxPixels: config.uploads.maxPixels,
  });
  const designsDeleted: Array<(userId: string, designIds: string[]) => Promise<void>> = [];
  // Orders: a saved connection or a deleted workspace changes the seller's order sources.
  const orderHooks = connectionHooks(app.log);
  const workspacesData = workspacesRepo(db);
  const workspaces = workspacesService({
    repo: {
      ...workspacesData,
      delete: async (userId, workspaceId) => {
        await orderHooks.beforeWorkspaceDelete(userId, workspaceId);
        return workspacesData.delete(userId, workspaceId);
      },
    },
    storage,
    signer,
  });
  const designs = designsService({
    repo: designsData,
    storage,
    signer,
    workspaces,
    thumbnails,
    limits: config.uploads,
    afterDelete: designsDeleted,
  });
  const templatesData = templatesRepo(db);
  const library = templateLibrary({
    repo: templatesData,
    storage,
    templates: starterTemplates,
    log: app.log,
    maxPixels: config.uploads.maxPixels,
  });
  await library.seed();
  const templates = templatesService({
    repo: templatesData,
    storage,
    signer,
    workspaces,
    planOf: designsData.userPlan,
    limits: config.uploads,
  });

  const queue = metrics.countJobs(openJobQueue({ config, db, log: app.log }));
  const engine = new MockupEngine({ nice: config.renderNice });
  const mockupRenders = renderCache(engine, storage, library.produce);
  const mockupRender = mockupRenderer({ repo: mockupsRepo(db), storage, engine, cache: mockupRenders });
  const mockups = mockupsService({
    repo: mockupsRepo(db),
    renderer: mockupRender,
    storage,
    signer,
    queue,
    workspaces,
    designs,
    templates,
    maxPixels: config.uploads.maxPixels,
  });
  designsDeleted.push(mockups.releaseDesigns);
  queue.register(
    renderMockupsJob({
      repo: mockupsRepo(db),
      storage,
      cache: mockupRenders,
      renderer: mockupRender,
      designs,
      templates,
      mockups,
      onRendered: metrics.mockupRendered,
    }),
  );
  const metadataData = metadataRepo(db);
  // One recogniser per AI job running at once, up to the cores; started with the first design.
  const lettering = designTextReader({
    threads: Math.max(1, Math.min(config.ai.concurrency, availableParallelism())),
    maxPixels: config.uploads.maxPixels,
  });
  const metadata = metadataService({ repo: metadataData, queue, workspaces, designs });
  queue.register(
    writeListingJob({
      repo: metadataData,
      storage,
      designs,
      templates,
      writer: listingWriterFor(config),
      reader: lettering,
      concurrency: config.ai.concurrency,
    }),
  );
  const secrets = new SecretBox(config.appSecret, config.appSecretPrevious);
  const listingsRows = listingsRepo(db);
  const listingsData = {
    ...listingsRows,
    saveConnection: async (row: Parameters<typeof listingsRows.saveConnection>[0]) => {
      await listingsRows.saveConnection(row);
      orderHooks.saved(row.user_id);
    },
  };
  const listings = listingsService({
    repo: listingsData,
    queue,
    secrets,
    workspaces,
    designs,
    providers,
  });
  queue.register(
    createListingsJob({
      repo: listingsData,
      designs,
      storage,
      signer,
      secrets,
      providers,
      publicUrl: config.publicUrl,
    }),
  );
  const storesData = storesRepo(db);
  const clients = {
    ...storeClients({
      ...config.stores,
      timeoutMs: config.providers.timeoutMs,
      onAttempt: providers.onAttempt,
    }),
    printify: providerClients(providers).printify,
  };
  const stores = storesService({
    repo: storesData,
    connections: listingsData,
    queue,
    secrets,
    workspaces,
    designs,
    clients,
  });
  queue.register(
    syncStoreJob({
      repo: storesData,
      connections: listingsData,
      designs,
      mockups,
      storage,
      signer,
      secrets,
      clients,
      publicUrl: config.publicUrl,
    }),
  );
  // Orders (issue 23): sources derived from the connections, synced on the queue, webhooks stored once.
  const orderSourcesData = orderSourcesRepo(db);
  const ordersData = ordersRepo(db);
  const orderSourceSettings = {
    printifyBaseUrl: config.providers.printifyBaseUrl,
    gelatoBaseUrl: config.providers.gelatoBaseUrl,
    gelatoOrderBaseUrl: config.providers.gelatoOrderBaseUrl,
    shopifyBaseUrl: config.stores.shopifyBaseUrl,
    shopifyApiVersion: config.stores.shopifyApiVersion,
    timeoutMs: config.providers.timeoutMs,
    // WooCommerce stores are the sellers' own URLs: reached only through the SSRF-safe fetch.
    storeFetch: safeFetch({
      allowPrivate: config.stores.allowPrivateUrls,
      timeoutMs: config.providers.timeoutMs,
    }),
  };
  const orderBaseUrls: Record<string, (shopId: string) => string> = {
    printify: () => orderSourceSettings.printifyBaseUrl,
    gelato: () => orderSourceSettings.gelatoOrderBaseUrl,
    shopify: (shop) => orderSourceSettings.shopifyBaseUrl.replace('{shop}', shop),
    woocommerce: (store) => store,
  };
  const orderSourcesSvc = orderSourcesService({
    sources: orderSourcesData,
    orders: ordersData,
    secrets,
    queue,
    sourceFor: orderSources ?? registrySourceFor,
    settings: orderSourceSettings,
    reachable: (provider, shopId) => printifyCanFetch(config.publicUrl, orderBaseUrls[provider]!(shopId)),
    publicOrigin: origin.get,
    log: app.log,
    now: ordersClock,
    shopifySecret: (connection) => shopifyWebhookSecret(secrets, connection),
  });
  orderHooks.attach(orderSourcesSvc.syncSources);
  const orders = ordersService({
    repo: ordersData,
    sources: orderSourcesData,
    sourcesService: orderSourcesSvc,
    signer,
    queue,
    publicOrigin: origin.get,
    now: ordersClock,
  });
  const orderJobDeps = {
    sources: orderSourcesData,
    orders: ordersData,
    service: orderSourcesSvc,
    now: ordersClock,
  };
  queue.register(syncOrdersJob(orderJobDeps));
  queue.register(orderEventsJob(orderJobDeps));
  // Order actions: exactly-once provider writes, bulk runs on the queue, manual orders, the digest mail.
  const mail = openMail(config.mail, app.log);
  const orderActions = orderActionsModule({
    db,
    queue,
    orders,
    sources: orderSourcesSvc,
    mail,
    publicOrigin: origin.get,
    printFileUrl: (storageKey) => new URL(signer.sign(storageKey), origin.get()).href,
    timeoutMs: config.providers.timeoutMs,
    log: app.log,
  });
  queue.register(orderActions.runJob);
  queue.register(orderActions.digest.job);
  const orderSyncs = ordersScheduler({
    sources: orderSourcesData,
    service: orderSourcesSvc,
    queue,
    intervalMs: config.orders.syncMinutes * 60_000,
    log: app.log,
  });
  if (runsJobs(config.role)) queue.start();
  // The database is the source of truth for runs: a run whose queued job was lost is queued again.
  const reconciler = runReconciler({
    db,
    queue,
    log: app.log,
    sources: [
      { table: 'mockup_jobs', job: RENDER_MOCKUPS_JOB, payload: (jobId) => ({ jobId }) },
      { table: 'ai_tasks', job: WRITE_LISTING_JOB, payload: (taskId) => ({ taskId }) },
      { table: 'listing_runs', job: CREATE_LISTINGS_JOB, payload: (runId) => ({ runId }) },
      { table: 'store_sync_runs', job: SYNC_STORE_JOB, payload: (runId) => ({ runId }) },
      orderActions.runSource,
    ],
    graceMs: config.queue.leaseSeconds * 1000,
    intervalMs: config.queue.leaseSeconds * 1000,
  });
  const stopReconciling = runsJobs(config.role) ? reconciler.schedule() : undefined;
  const stopOrderSyncs = runsJobs(config.role) ? orderSyncs.schedule() : undefined;
  const stopDigests = runsJobs(config.role) ? orderActions.digest.schedule(60 * 60_000) : undefined;
  app.addHook('onClose', async () => stopDigests?.());
  app.addHook('onClose', async () => stopOrderSyncs?.());
  app.addHook('onClose', async () => stopReconciling?.());
  // Stored files no row refers to go at start and daily, in the process that runs the jobs.
  const sweep = orphanSweep({ storage, referenced: storedKeysRepo(db).referenced, log: app.log });
  const stopSweeps = runsJobs(config.role) ? sweep.schedule() : undefined;
  app.addHook('onClose', async () => stopSweeps?.());
  // Jobs stop at once on close, while the HTTP server drains its requests (onClose runs after that).
  let stoppingJobs: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    stoppingJobs = queue.close();
  });
  app.addHook('onClose', async () => {
    await (stoppingJobs ?? queue.close());
    await engine.close();
    await lettering.close();
  });
  app.decorate('background', {
    idle: async () => {
      await thumbnails.idle();
      await orderHooks.idle();
    },
    warm: library.warm,
    jobsIdle: async () => {
      await orderHooks.idle();
      await queue.idle();
    },
  });

  await app.register(healthRoutes, {
    isDatabaseUp: () => isDatabaseUp(db),
    ...(config.queue.redisUrl && { isRedisUp: () => queue.isUp() }),
  });
  await app.register(metricsRoutes, { metrics });
  if (!servesApi) {
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send(errorBodyOf(`No such call: ${request.method} ${request.url.split('?')[0]}`, 'not_found')),
    );
    return app;
  }
  await app.register(contentRoutes, contentDirs);
  await app.register(authRoutes, { auth, requireUser: signedIn, perMinute: config.rateLimit.authPerMinute });
  const reset = passwordResetService({
    repo: passwordResetRepo(db),
    accounts,
    mail,
    log: app.log,
    throttle,
    sessions,
  });
  await app.register(passwordResetRoutes, {
    reset,
    publicOrigin: origin.get,
    perMinute: config.rateLimit.authPerMinute,
  });
  const contact = contactService({ repo: contactRepo(db), mail, to: config.mail.contactTo, log: app.log });
  await app.register(contactRoutes, { contact });
  await app.register(filesRoutes, {
    storage,
    signer,
    producers: [thumbnails.produce, library.produce, mockups.produceThumbnail],
  });
  await app.register(workspacesRoutes, { workspaces, requireUser: signedIn });
  await app.register(designsRoutes, { designs, requireUser: signedIn, limits: config.uploads });
  await app.register(templatesRoutes, { templates, requireUser: signedIn, limits: config.uploads });
  await app.register(mockupsRoutes, { mockups, requireUser: signedIn });
  await app.register(metadataRoutes, { metadata, requireUser: signedIn });
  await app.register(listingsRoutes, { listings, requireUser: signedIn });
  await app.register(storesRoutes, { stores, requireUser: signedIn });
  await app.register(ordersRoutes, { orders, requireUser: signedIn });
  await app.register(orderActionsRoutes, { ...orderActions, requireUser: signedIn });
  await app.register(orderWebhooksRoutes, { sources: orderSourcesSvc });
  const billing = billingService({
    repo: billingRepo(db),
    stripe: config.stripe,
    timeoutMs: config.providers.timeoutMs,
    onAttempt: providers.onAttempt,
    log: app.log,
  });
  await app.register(billingRoutes, { billing, requireUser: signedIn, publicOrigin: origin.get });

  const spa = await registerSpa(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsHtml(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBodyOf(`No such call: ${request.method} ${request.url.split('?')[0]}`, 'not_found'));
  });

  return app;
}
