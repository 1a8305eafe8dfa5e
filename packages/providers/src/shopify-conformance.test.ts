import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { solidPng } from '@podflow/sandbox/sandbox-kit';
import {
  type ShopifySandbox,
  defaultShopifyShops,
  startShopifySandbox,
} from '@podflow/sandbox/shopify-sandbox';
import { shopifySchema } from '@podflow/sandbox/shopify-sandbox-schema';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLScalarType,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
  NoDeprecatedCustomRule,
  buildClientSchema,
  buildSchema,
  getOperationAST,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  isUnionType,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents as productDocuments } from './shopify-graphql.ts';
import { orderDocuments, shopifyOrdersClient } from './shopify-orders.ts';
import { shopifyClient } from './shopify.ts';

/** Every document the product and order clients send. */
const documents = { ...productDocuments, ...orderDocuments };

/**
 * Conformance with Shopify's own published Admin GraphQL schema of the pinned version (2026-07,
 * from @shopify/dev-mcp 1.16.0; see test-fixtures/shopify/README.md): what the client sends and
 * what the sandbox serves and refuses. Offline: the schema is a fixture file.
 */

const fixture = new URL('../test-fixtures/shopify/admin_2026-07.json.gz', import.meta.url);
const introspection = JSON.parse(gunzipSync(readFileSync(fixture)).toString('utf8')) as {
  data: IntrospectionQuery;
};
// graphql-js 17 finds Shopify's schema invalid only where an object deprecates a field its interface
// does not (MediaImage.metafield, ...): a rule of the newer spec draft, not a refusal of a request.
const shopify = buildClientSchema(introspection.data, { assumeValid: true });
// An introspection result carries no scalar behaviour; UnsignedInt64's is in its description:
// "a string of base-10 digits", so a number or a sign is refused as Shopify refuses it.
Object.assign(shopify.getType('UnsignedInt64') as GraphQLScalarType, {
  coerceInputValue(value: unknown) {
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      throw new TypeError(`UnsignedInt64 is a string of digits, not ${JSON.stringify(value)}`);
    }
    return value;
  },
});

const shop = 'podflow-demo';
const token = defaultShopifyShops[shop].token;
const png = solidPng(12, 8, [10, 120, 200]);

type Sent = { query: string; variables: Record<string, unknown> };

let sandbox: ShopifySandbox;
/** Every GraphQL request the client sent while doing each thing it can do. */
let sent: Sent[];

beforeAll(async () => {
  sandbox = await startShopifySandbox({ mediaReadyMs: 5, jobReadsUntilDone: 1 });
  const client = shopifyClient({
    shop,
    accessToken: token,
    baseUrl: sandbox.baseUrlTemplate,
    sleep: () => new Promise((resolve) => setTimeout(resolve, 5)),
  });
  // Over 100 images, so the product is read in two pages (the second with an `after` cursor).
  const images = Array.from({ length: 101 }, () => ({ bytes: png }));
  const id = sandbox.createProduct(shop, { title: 'Tee', images });
  await client.checkAccess();
  await client.updateProduct({
    id,
    title: 'Cat tee',
    descriptionHtml: '<p>A cat.</p>',
    tags: ['cat', 'retro'],
    seo: { title: 'Cat tee', description: 'A tee with a cat.' },
  });
  const resourceUrl = await client.stageUpload({ filename: 'mockup.png', mimeType: 'image/png', bytes: png });
  const added = await client.addMedia(id, [
    { originalSource: resourceUrl, alt: 'Mockup' },
    { originalSource: resourceUrl },
  ]);
  const ids = added.map((media) => media.id);
  await client.waitForMedia(id, ids, { intervalMs: 5 });
  await client.reorderMedia(id, [{ id: ids[1]!, newPosition: 0 }]);
  await client.removeMedia(id, ids);
  // Over one page of orders, so the list is read with an `after` cursor too.
  const orders = shopifyOrdersClient({ shop, accessToken: token, baseUrl: sandbox.baseUrlTemplate });
  for (let n = 0; n < 11; n += 1)
    await sandbox.addOrder(shop, { lines: [{ productId: id, title: 'Tee', quantity: 1, priceCents: 2000 }] });
  const first = await orders.listOrders({ since: Date.now() - 60_000 });
  await orders.listOrders({ after: first.next, sortKey: 'CREATED_AT' });
  await orders.getOrder(first.orders[0]!.id);
  const webhook = await orders.createWebhook('ORDERS_UPDATED', 'https://podflow.example/webhooks/shopify/t/');
  await orders.deleteWebhook(webhook);
  sent = sandbox.requests
    .filter((request) => request.path.endsWith('/graphql.json'))
    .map((request) => request.body as Sent);
});
afterAll(() => sandbox.close());

const operationOf = (query: string): OperationDefinitionNode => getOperationAST(parse(query))!;

describe("the client's documents against Shopify's published 2026-07 Admin schema", () => {
  it('sends every document of its set, so none can slip by unchecked', () => {
    const distinct = new Set(sent.map((request) => request.query));
    expect(distinct.size).toBe(Object.keys(documents).length);
    expect([...distinct].sort()).toEqual(Object.values(documents).sort());
  });

  it('sends only documents Shopify validates, without a deprecated field, argument or enum value', () => {
    const rules = [...specifiedRules, NoDeprecatedCustomRule];
    for (const query of new Set(sent.map((request) => request.query))) {
      const errors = validate(shopify, parse(query), rules).map((error) => error.message);
      expect({ operation: operationOf(query).name?.value, errors }).toEqual({
        operation: operationOf(query).name?.value,
        errors: [],
      });
    }
  });

  it("builds variables that coerce into Shopify's input types", () => {
    const secondPage = sent.find((request) => request.query === documents.product && request.variables.after);
    expect(secondPage?.variables.after).toEqual(expect.any(String));
    for (const { query, variables } of sent) {
      const operation = operationOf(query);
      const result = getVariableValues(shopify, operation.variableDefinitions ?? [], variables);
      expect({ operation: operation.name?.value, errors: result.errors?.map((e) => e.message) }).toEqual({
        operation: operation.name?.value,
        errors: undefined,
      });
    }
  });

  it('would catch a variable Shopify refuses (the checks above can fail)', () => {
    const reorder = operationOf(documents.reorder).variableDefinitions!;
    const moves = (newPosition: unknown) => ({
      id: 'gid://shopify/Product/1',
      moves: [{ id: 'gid://shopify/MediaImage/2', newPosition }],
    });
    expect(getVariableValues(shopify, reorder, moves('3')).errors).toBeUndefined();
    expect(getVariableValues(shopify, reorder, moves(3)).errors).toHaveLength(1);
    expect(getVariableValues(shopify, reorder, moves('-3')).errors).toHaveLength(1);
    const update = operationOf(documents.update).variableDefinitions!;
    const product = { id: 'gid://shopify/Product/1', bodyHtml: '<p>Old name</p>' };
    expect(getVariableValues(shopify, update, { product }).errors).toHaveLength(1);
    const deprecated = '{ product(id: "gid://shopify/Product/1") { bodyHtml } }';
    expect(validate(shopify, parse(deprecated), [NoDeprecatedCustomRule])).toHaveLength(1);
  });
});

/**
 * Where `part` is not a subset of `whole`: a type, field, argument, input field or enum value
 * `whole` lacks, a different type (named type, nullability, lists), deprecation that differs, or
 * a required argument or input field of `whole` that `part` lacks (it would take what `whole`
 * refuses).
 */
function notASubset(part: GraphQLSchema, whole: GraphQLSchema): string[] {
  const found: string[] = [];
  const roots = (schema: GraphQLSchema) => [schema.getQueryType()?.name, schema.getMutationType()?.name];
  if (roots(part).join() !== roots(whole).join()) found.push(`root types ${roots(part).join()}`);
  type Member = GraphQLField<unknown, unknown> | GraphQLArgument | GraphQLInputField;
  const sameMember = (where: string, mine: Member, theirs: Member | undefined) => {
    if (!theirs) return void found.push(`${where} does not exist`);
    if (String(mine.type) !== String(theirs.type))
      found.push(`${where} is ${String(mine.type)}, Shopify's is ${String(theirs.type)}`);
    if ((mine.deprecationReason ?? null) !== (theirs.deprecationReason ?? null))
      found.push(`${where} deprecation differs`);
  };
  for (const mine of Object.values(part.getTypeMap()) as GraphQLNamedType[]) {
    if (mine.name.startsWith('__')) continue;
    const theirs = whole.getType(mine.name);
    if (!theirs || theirs.constructor !== mine.constructor) {
      found.push(`type ${mine.name} does not exist as a ${mine.constructor.name}`);
      continue;
    }
    if (isObjectType(mine) || isInterfaceType(mine)) {
      const fields = (theirs as typeof mine).getFields();
      for (const field of Object.values(mine.getFields())) {
        const where = `${mine.name}.${field.name}`;
        const other = fields[field.name];
        sameMember(where, field, other);
        for (const arg of field.args) {
          sameMember(
            `${where}(${arg.name}:)`,
            arg,
            other?.args.find((a) => a.name === arg.name),
          );
        }
        for (const arg of other?.args.filter(isRequiredArgument) ?? []) {
          if (!field.args.some((a) => a.name === arg.name)) found.push(`${where}(${arg.name}:) is missing`);
        }
      }
      const interfaces = (theirs as typeof mine).getInterfaces().map(String);
      for (const implemented of mine.getInterfaces()) {
        if (!interfaces.includes(implemented.name)) found.push(`${mine.name} implements ${implemented.name}`);
      }
    } else if (isInputObjectType(mine)) {
      const fields = (theirs as typeof mine).getFields();
      for (const field of Object.values(mine.getFields())) {
        sameMember(`${mine.name}.${field.name}`, field, fields[field.name]);
      }
      for (const field of Object.values(fields).filter(isRequiredInputField)) {
        if (!mine.getFields()[field.name]) found.push(`${mine.name}.${field.name} is missing`);
      }
    } else if (isEnumType(mine)) {
      for (const value of mine.getValues()) {
        if (!(theirs as typeof mine).getValue(value.name))
          found.push(`${mine.name}.${value.name} does not exist`);
      }
    } else if (isUnionType(mine)) {
      const members = (theirs as typeof mine).getTypes().map(String);
      for (const member of mine.getTypes()) {
        if (!members.includes(member.name)) found.push(`${mine.name} has no member ${member.name}`);
      }
    }
  }
  return found;
}

describe("the sandbox's schema against Shopify's", () => {
  it('is a subset: every type, field, argument, input field and enum value exists in Shopify with the same type', () => {
    expect(notASubset(shopifySchema, shopify)).toEqual([]);
  });

  it('would catch a field, type, nullability, enum value or required argument that differs', () => {
    const drifted = buildSchema(`
      schema { query: QueryRoot mutation: Mutation }
      type QueryRoot { product(handle: String): Product }
      type Mutation { productAppendImages(input: String): Boolean }
      type Product { id: ID title: String! colour: String }
      enum ProductStatus { ACTIVE SOLD_OUT }
      input CreateMediaInput { alt: String }
    `);
    expect(notASubset(drifted, shopify).sort()).toEqual(
      [
        'CreateMediaInput.mediaContentType is missing',
        'CreateMediaInput.originalSource is missing',
        'Mutation.productAppendImages does not exist',
        'Mutation.productAppendImages(input:) does not exist',
        'Product.colour does not exist',
        "Product.id is ID, Shopify's is ID!",
        'ProductStatus.SOLD_OUT does not exist',
        'QueryRoot.product(handle:) does not exist',
        'QueryRoot.product(id:) is missing',
      ].sort(),
    );
  });
});

/** A GraphQL call to the sandbox as any client makes it. */
async function post(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}/${shop}/admin/api/2026-07/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever GraphQL answers
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** What Shopify's schema says of a request: its validation errors, else its variables' ones. */
function shopifyRefuses(query: string, variables: Record<string, unknown>): boolean {
  const document = parse(query);
  if (validate(shopify, document).length > 0) return true;
  const operation = getOperationAST(document)!;
  return getVariableValues(shopify, operation.variableDefinitions ?? [], variables).errors !== undefined;
}

describe('the sandbox refuses what Shopify refuses, in its words (HTTP 200, errors, no data)', () => {
  const gid = 'gid://shopify/Product/1';
  const documentCases = [
    {
      what: 'a mutation Shopify removed (productAppendImages)',
      query: `mutation { productAppendImages(input: { id: "${gid}", images: [] }) { newImages { id } } }`,
      error: {
        message: "Field 'productAppendImages' doesn't exist on type 'Mutation'",
        extensions: { code: 'undefinedField', typeName: 'Mutation', fieldName: 'productAppendImages' },
      },
    },
    {
      what: 'a field Shopify lacks',
      query: `{ product(id: "${gid}") { id descriptionHTML } }`,
      error: {
        message: "Field 'descriptionHTML' doesn't exist on type 'Product'",
        extensions: { code: 'undefinedField', typeName: 'Product', fieldName: 'descriptionHTML' },
      },
    },
    {
      what: 'an argument Shopify lacks',
      query: `{ product(id: "${gid}") { media(first: 5, type: IMAGE) { nodes { id } } } }`,
      error: {
        message: "Field 'media' doesn't accept argument 'type'",
        extensions: { code: 'argumentNotAccepted', name: 'media', typeName: 'Field', argumentName: 'type' },
      },
    },
    {
      what: 'a required argument left out',
      query: '{ product { id } }',
      error: {
        message: "Field 'product' is missing required arguments: id",
        extensions: {
          code: 'missingRequiredArguments',
          className: 'Field',
          name: 'product',
          arguments: 'id',
        },
      },
    },
  ];

  it.each(documentCases)('refuses $what', async ({ query, error }) => {
    expect(shopifyRefuses(query, {})).toBe(true);
    const reply = await post(query, {});
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors).toHaveLength(1);
    expect(reply.body.errors[0]).toMatchObject({ ...error, locations: [expect.any(Object)] });
  });

  it('refuses variables of the wrong input type, naming each problem, and changes nothing', async () => {
    const id = sandbox.createProduct(shop, { title: 'Mug', tags: ['mug'] });
    const product = { id: `gid://shopify/Product/${id}`, title: 5, bodyHtml: '<p>x</p>', status: 'SOLD' };
    expect(shopifyRefuses(documents.update, { product })).toBe(true);
    const reply = await post(documents.update, { product });
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('data');
    expect(reply.body.errors).toEqual([
      {
        message:
          'Variable $product of type ProductUpdateInput! was provided invalid value for ' +
          'title (Could not coerce value 5 to String), ' +
          'bodyHtml (Field is not defined on ProductUpdateInput), ' +
          'status (Expected "SOLD" to be one of: ACTIVE, ARCHIVED, DRAFT)',
        locations: [{ line: 1, column: 31 }],
        extensions: {
          value: product,
          problems: [
            { path: ['title'], explanation: 'Could not coerce value 5 to String' },
            { path: ['bodyHtml'], explanation: 'Field is not defined on ProductUpdateInput' },
            { path: ['status'], explanation: 'Expected "SOLD" to be one of: ACTIVE, ARCHIVED, DRAFT' },
          ],
        },
      },
    ]);
    expect(reply.body.extensions.cost).toMatchObject({ actualQueryCost: null });
    expect(sandbox.product(shop, id)).toMatchObject({ title: 'Mug', tags: ['mug'] });
  });

  it('refuses a missing required input field, a null where a value is required, and a bad list item', async () => {
    const media = 'gid://shopify/MediaImage/2';
    const moves = {
      id: gid,
      moves: [
        { position: '1', id: media },
        { id: media, newPosition: 3 },
      ],
    };
    expect(shopifyRefuses(documents.reorder, moves)).toBe(true);
    const missing = await post(documents.reorder, moves);
    expect(missing.body.errors[0]).toMatchObject({
      message:
        'Variable $moves of type [MoveInput!]! was provided invalid value for ' +
        '0.position (Field is not defined on MoveInput), ' +
        '0.newPosition (Expected value to not be null), ' +
        '1.newPosition (Could not coerce value 3 to UnsignedInt64)',
      extensions: {
        problems: [
          { path: [0, 'position'], explanation: 'Field is not defined on MoveInput' },
          { path: [0, 'newPosition'], explanation: 'Expected value to not be null' },
          { path: [1, 'newPosition'], explanation: 'Could not coerce value 3 to UnsignedInt64' },
        ],
      },
    });
    expect(shopifyRefuses(documents.job, { id: null })).toBe(true);
    const nothing = await post(documents.job, { id: null });
    expect(nothing.body.errors).toEqual([
      {
        message: 'Variable $id of type ID! was provided invalid value',
        locations: [{ line: 1, column: 18 }],
        extensions: { value: null, problems: [{ path: [], explanation: 'Expected value to not be null' }] },
      },
    ]);
    const files = { files: ['gid://shopify/MediaImage/2'] };
    expect(shopifyRefuses(documents.removeMedia, files)).toBe(true);
    const notObject = await post(documents.removeMedia, files);
    expect(notObject.body.errors[0].extensions.problems).toEqual([
      { path: [0], explanation: 'Expected "gid://shopify/MediaImage/2" to be a key-value object.' },
    ]);
    expect(notObject.body).not.toHaveProperty('data');
  });

  it('still answers a deprecated field Shopify still serves (productDeleteMedia), as Shopify does', async () => {
    const id = sandbox.createProduct(shop, { title: 'Cap', images: [{ bytes: png }] });
    const [media] = sandbox.product(shop, id)!.media;
    const query = `mutation D($p: ID!, $m: [ID!]!) { productDeleteMedia(productId: $p, mediaIds: $m) {
      deletedMediaIds } }`;
    // One id where a list is expected counts as a list of one, in GraphQL and at Shopify.
    const variables = { p: `gid://shopify/Product/${id}`, m: media!.id };
    expect(shopifyRefuses(query, variables)).toBe(false);
    expect((await post(query, variables)).body.data.productDeleteMedia.deletedMediaIds).toEqual([media!.id]);
  });
});
