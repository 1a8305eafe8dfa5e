import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '@podflow/contract/auth';
import type { Db } from '../platform/db/db.ts';

let counter = 0;

/** A registration body with a unique e-mail; override any field. */
export function buildRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: `seller${counter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** Registers a user through the API and signs in: the tokens and the credentials used. */
export async function buildSignedInUser(
  app: FastifyInstance,
  overrides: Partial<Record<string, unknown>> = {},
) {
  const registration = buildRegistration(overrides);
  const created = await app.inject({ method: 'POST', url: '/api/user/register/', payload: registration });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  const tokens = await signIn(app, registration.username, registration.password);
  return { registration, tokens };
}

/** Signs in and answers the token response; throws when sign-in fails. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<TokenResponse>();
}

/** An answer as a test reads it: the status, the JSON body (null when the answer is not JSON) and the raw text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever shape the call answers
export type CallReply = { status: number; body: any; text: string; headers: Record<string, unknown> };

/** A signed-in call as the web app makes it, in process; with `key`, under that Idempotency-Key. */
export async function callAs(
  app: FastifyInstance,
  access: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
): Promise<CallReply> {
  const reply = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${access}`, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  const json = String(reply.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: reply.statusCode,
    body: json ? reply.json() : null,
    text: reply.body,
    headers: reply.headers,
  };
}

/** Creates a workspace through the API and answers its id. */
export async function buildWorkspace(
  app: FastifyInstance,
  access: string,
  name = 'Summer drop',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/workspace/create_workspace/',
    headers: { authorization: `Bearer ${access}` },
    payload: { workspace_name: name },
  });
  if (response.statusCode !== 201) throw new Error(`create workspace failed: ${response.body}`);
  return response.json().workspace_id;
}

/**
 * Stores a design row as an upload leaves it (no image in storage) and, with `product`, the product
 * the listing flow made of it; answers the design's id. For tests that need a design behind an order.
 */
export async function buildDesignRow(
  db: Db,
  design: { workspaceId: string; userId: string; name?: string; createdAt?: number },
  product?: { provider: 'printify' | 'gelato'; shopId: string; productId: string },
): Promise<string> {
  const id = randomUUID();
  const name = design.name ?? 'tee';
  const at = design.createdAt ?? Date.now();
  const folder = `u/${design.userId}/w/${design.workspaceId}`;
  await db
    .insertInto('designs')
    .values({
      id,
      workspace_id: design.workspaceId,
      user_id: design.userId,
      file_name: `${name}.png`,
      storage_key: `${folder}/d/${name}.png`,
      thumbnail_key: `${folder}/t/${name}.jpg`,
      bytes: 10,
      width: 10,
      height: 10,
      has_alpha: 1,
      product_title: name[0]!.toUpperCase() + name.slice(1),
      product_description: '',
      seo_keywords: '',
      printify_product_id: product?.provider === 'printify' ? product.productId : null,
      created_at: at,
    })
    .execute();
  if (product) {
    await db
      .insertInto('design_products')
      .values({
        design_id: id,
        provider: product.provider,
        shop_id: product.shopId,
        product_id: product.productId,
        updated_at: at,
      })
      .execute();
  }
  return id;
}

export type UploadFile = { name: string; data: Buffer; type?: string };

/** Uploads files over real HTTP as the web app does (multipart: workspace_id first, then files). */
export async function uploadDesigns(
  baseUrl: string,
  access: string,
  workspaceId: string,
  files: UploadFile[],
) {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  for (const file of files)
    form.append(
      'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const response = await fetch(`${baseUrl}/workspace/upload_designs/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { files?: Array<Record<string, string>> },
  };
}

/** Posts a multipart form (fields first, then files) over real HTTP and answers status and JSON. */
export async function postForm(
  baseUrl: string,
  access: string,
  url: string,
  fields: Record<string, string>,
  files: UploadFile[],
  fileField = 'files',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      fileField,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever shape the call answers
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
