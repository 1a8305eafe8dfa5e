import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../platform/http/route-table.ts';
import { buildPng, templateData, templatePng } from '../images.ts';
import { testDbKind } from '../test-app.ts';
import { type FuzzWorld, type Identity, type OwnedData, startFuzzWorld } from './fuzz-world.ts';
import { validArbitrary } from './json-schema-arbitrary.ts';
import { type OpenApiDocument, type Operation, operationsOf, resolverOf } from './openapi-operations.ts';
import { type FileValue, type RequestParts, injectOptionsOf } from './request-builder.ts';
import { type StateDigest, digestChanges, stateDigest } from './state-digest.ts';

/**
 * Routes of the route table that take no id of anyone's data, each with the reason. Every other
 * route must take at least one of the ids below, and gets cases built from its own fields.
 */
const takesNoId: Record<string, string> = {
  'GET /healthz': 'public liveness check',
  'GET /readyz': 'public readiness check',
  'GET /metrics': 'Prometheus metrics: counts and durations by route pattern, no seller’s data or ids',
  'GET /tutorials/tutorials.json': 'public static content',
  'GET /tutorials/:file': 'public static content: a file name of the shipped tutorials, nobody’s data',
  'GET /media/:file': 'public static content: the demo video and its poster',
  'POST /api/user/register/': 'public: creates a new account',
  'POST /api/token/': 'public sign-in: credentials, not an id',
  'POST /token/refresh/': 'public: a refresh token is a bearer secret, not an id',
  'POST /api/token/refresh/': 'public: a refresh token is a bearer secret, not an id',
  'POST /api/token/revoke/': 'public: a refresh token is a bearer secret, not an id',
  'POST /api/password_reset/': 'public: answers alike for every address and sends mail only to it',
  'POST /api/password_reset/check/': 'public: a reset token is a bearer secret from an e-mail',
  'POST /api/password_reset/confirm/': 'public: a reset token is a bearer secret from an e-mail',
  'POST /workspace/send-email/': 'public contact form',
  'GET /workspace/get_workspaces/': "the caller's own list",
  'GET /mockups_app/get_all_templates_information/': "the library and the caller's own templates",
  'GET /openai_app/ai_tokens/': "the caller's own allowance",
  'GET /subscription_app/current-subscription/': "the caller's own plan",
  'POST /subscription_app/create-checkout-session/': "the caller's own subscription",
  'POST /subscription_app/billing-portal/': "the caller's own subscription",
  'POST /subscription_app/webhook/': "Stripe's signed events, no user",
  'POST /workspace/create_workspace/': 'creates a workspace of the caller',
  'GET /api/openapi.json': 'public API description',
  'GET /files/*': 'signed-URL access: checked by the signature, which no other user can make',
  'GET /orders_app/summary/': "the caller's own order counts",
  'GET /orders_app/settings/': "the caller's own order settings",
  'PUT /orders_app/settings/': "the caller's own order settings",
  'GET /orders_app/sources/': "the caller's own shops",
  'POST /webhooks/:provider/:token/': 'provider-signed order events, no user: the token is a bearer secret',
};

/** Why a route takes no id: listed above, or a page or asset of the public API reference. */
const noIdReason = (route: string) =>
  takesNoId[route] ??
  (route.startsWith('GET /api/docs') ? 'public API reference page and assets' : undefined);

/** The kinds of PodFlow ids a request can carry, by field name; the matrix fills them with A's. */
const ownedFields: Record<string, (data: OwnedData, who: Identity) => unknown> = {
  workspace_id: (data) => data.workspaceId,
  lineitem_ids: (data) => data.designIds,
  lineitem_id: (data) => data.designIds,
  selectedTemplates: (data) => data.templateIds,
  removeTemplates: (data) => data.templateIds,
  mockup_ids: (data) => data.mockupIds,
  mockup_id: (data) => data.mockupIds[0],
  order_id: (data) => data.orderIds[0],
  source_id: (data) => data.sourceIds[0],
  order_ids: (data) => data.orderIds,
  run_id: (data) => data.orderRunIds[0],
  design_id: (data) => data.designIds[0],
  username: (_data, who) => who.username,
};

/** Provider-side ids (Printify, Gelato, Stripe's prices): filled with valid sandbox values so only ownership is wrong. */
const providerFields = new Set([
  'shop_id',
  'printify_product_id',
  'store_id',
  'template_id',
  'priceId',
  'product_id',
  'variant_id',
]);
const idLike = /(_id|_ids|Id|Ids|Templates)$/;

describe(`authorization matrix from the route table on ${testDbKind}`, () => {
  let world: FuzzWorld;
  let a: Identity;
  let b: Identity;
  let aData: OwnedData;
  let bData: OwnedData;
  let document: OpenApiDocument;
  let operations: Operation[];
  let routes: RouteEntry[];
  const files: Record<string, FileValue> = {};

  beforeAll(async () => {
    world = await startFuzzWorld();
    [a, b] = [await world.newUser(), await world.newUser()];
    aData = await world.buildData(a);
    bData = await world.buildData(b, { full: false });
    for (const [kind, ids] of Object.entries(aData))
      if (Array.isArray(ids) && ids.length === 0) throw new Error(`fixture: user A has no ${kind}`);
    await world.t.app.background.jobsIdle();
    await world.t.app.background.idle();
    document = (await world.t.app.inject({ url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
    routes = world.t.app.routeTable;
    files.png = { fileName: 'design.png', type: 'image/png', data: await buildPng({ seed: 9 }) };
    files.template = { fileName: 'shirt.png', type: 'image/png', data: await templatePng(40) };
    files.csv = {
      fileName: 'metadata.csv',
      type: 'text/csv',
      data: Buffer.from('file_name,title\nfuzz-tee-1.png,Hi\n'),
    };
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  /** A valid value for every field of a schema, then A's ids (or B's workspace) in the id fields. */
  function requestFor(operation: Operation, workspaceOf: 'a' | 'b'): RequestParts {
    const resolve = resolverOf(document);
    const pool = (field: string) => {
      const values: Record<string, unknown[]> = {
        apiKey: [world.sandboxes.printify.token],
        api_key: [world.sandboxes.gelato.apiKey],
        shop_id: [world.printifyShopId],
        printify_product_id: [world.sandboxes.printify.templateProductId],
        store_id: [world.sandboxes.gelato.storeId],
        template_id: [world.sandboxes.gelato.templateId],
        templateData: [templateData],
        shopify_admin_api_token: ['shpat_sandbox_podflow_matrix'],
        woocommerce_consumer_key: [world.sandboxes.woo.consumerKey],
        woocommerce_consumer_secret: [world.sandboxes.woo.consumerSecret],
        shopify_api_secret: ['shpss_sandbox_podflow_matrix'],
        email: ['buyer@example.com'],
        from: ['2026-01-01'],
        to: ['2026-12-31'],
      };
      return values[field];
    };
    const sample = (schema: object) =>
      fc.sample(
        validArbitrary(schema, {
          resolve,
          pool,
          binary: fc.constant(
            operation.url.includes('csv')
              ? files.csv
              : operation.url.includes('template')
                ? files.template
                : files.png,
          ),
        }),
        { seed: 18, numRuns: 1 },
      )[0];
    const fill = (name: string, value: unknown) => {
      if (name === 'workspace_id' && workspaceOf === 'b') return bData.workspaceId;
      const owned = ownedFields[name];
      return owned ? owned(aData, a) : value;
    };
    const fillAll = (params: Operation['query']) =>
      Object.fromEntries(
        params.map((p) => [p.name, fill(p.name, pool(p.name)?.[0] ?? sample(p.schema ?? {}))]),
      );
    let body: unknown;
    if (operation.body) {
      const schema = resolve(operation.body.schema);
      const value = { ...((sample(schema) as Record<string, unknown>) ?? {}) };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (ownedFields[name]) value[name] = fill(name, undefined);
        // Real keys and provider ids always, so that only the ownership of the ids is wrong.
        else if (pool(name)) value[name] = pool(name)?.[0];
        else if (value[name] === undefined) value[name] = sample(property);
      }
      // Multipart rows: each repeated field once per design, in step with lineitem_id.
      if (Array.isArray(value.lineitem_id) && operation.body.contentType === 'multipart/form-data') {
        for (const name of ['product_title', 'seo_keywords', 'product_description'])
          value[name] = aData.designIds.map(() => 'Sunny tee');
      }
      body = value;
    }
    return {
      pathParams: fillAll(operation.pathParams),
      query: fillAll(operation.query),
      body,
      headers: { authorization: `Bearer ${b.access}` },
    };
  }

  const idFieldsOf = (operation: Operation) => {
    const resolve = resolverOf(document);
    const names = [
      ...operation.pathParams.map((p) => p.name),
      ...operation.query.map((p) => p.name),
      ...(operation.body ? Object.keys(resolve(operation.body.schema).properties ?? {}) : []),
    ];
    const unknown = names.filter((n) => idLike.test(n) && !ownedFields[n] && !providerFields.has(n));
    const owned = names.filter((n) => ownedFields[n] && (n !== 'username' || operation.signedIn));
    return { owned, unknown };
  };

  it("answers 404 or 403 to every route called by another user with A's ids, and A's state stays as it was", async () => {
    const others = [b.userId, bData.workspaceId, ...bData.designIds, ...bData.templateIds];
    const digest = () => stateDigest(world.t, others);
    const failures: string[] = [];
    const covered = new Set<string>();
    const noId = new Set<string>();
    for (const route of routes) {
      const operation = operations.find((o) => o.method === route.method && o.url === route.url);
      if (!operation) {
        if (!noIdReason(key(route)))
          failures.push(`${key(route)}: not in the OpenAPI document and not listed as taking no id`);
        else noId.add(key(route));
        continue;
      }
      const { owned, unknown } = idFieldsOf(operation);
      if (unknown.length)
        failures.push(`${key(route)}: id fields the matrix does not know: ${unknown.join(', ')}`);
      if (!owned.length) {
        if (!noIdReason(key(route)))
          failures.push(`${key(route)}: takes no known id and is not listed in takesNoId`);
        else noId.add(key(route));
        continue;
      }
      if (noIdReason(key(route)))
        failures.push(`${key(route)}: listed in takesNoId but takes ${owned.join(', ')}`);
      const variants: Array<'a' | 'b'> =
        owned.includes('workspace_id') && owned.some((name) => name !== 'workspace_id') ? ['a', 'b'] : ['a'];
      for (const workspaceOf of variants) {
        const before: StateDigest = await digest();
        const request = injectOptionsOf(operation, requestFor(operation, workspaceOf));
        const answer = await world.t.app.inject(request);
        await world.t.app.background.jobsIdle();
        const changes = digestChanges(before, await digest());
        const label = `${key(route)} (${workspaceOf === 'a' ? "A's ids" : "B's workspace, A's other ids"}) ${request.url}`;
        if (![403, 404].includes(answer.statusCode))
          failures.push(`${label}: answered ${answer.statusCode} ${answer.body.slice(0, 300)}`);
        if (changes.length) failures.push(`${label}: changed A's state: ${changes.join('; ')}`);
      }
      covered.add(key(route));
    }
    const total = new Set(routes.map(key)).size;
    console.info(
      `authorization matrix: ${covered.size} routes taking ids covered, ${noId.size} listed as taking none, of ${total} routes in the route table`,
    );
    expect(failures).toEqual([]);
    expect(covered.size + noId.size).toBe(total);
  });

  it('answers 401 without a token on every signed-in route of the table, and only those are marked signed-in', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.signedIn)) {
      const operation = operations.find((o) => o.method === route.method && o.url === route.url)!;
      const parts = requestFor(operation, 'a');
      const answer = await world.t.app.inject(injectOptionsOf(operation, { ...parts, headers: {} }));
      if (answer.statusCode !== 401)
        failures.push(`${key(route)}: answered ${answer.statusCode} without a token`);
    }
    for (const route of routes.filter((r) => !r.signedIn && !r.url.includes('*'))) {
      const answer = await world.t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, 'x'),
      });
      if (answer.statusCode === 401 && route.method === 'GET')
        failures.push(`${key(route)}: answered 401 but is not marked signed-in`);
    }
    expect(failures).toEqual([]);
  });
});
