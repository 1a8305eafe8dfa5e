import { type HttpClient, type TransportOptions, ProviderError, httpClient } from './http.ts';
import type { ErrorDetail } from './provider-error.ts';
import type { ShopifyMedia, ShopifyMediaStatus, ShopifyProductCopy } from './shopify.ts';

/**
 * The GraphQL side of the Shopify client: its documents, one call with THROTTLED handling, how
 * errors and userErrors become ProviderErrors, and the raw PUT of a staged upload.
 */

/** The name every Shopify error message starts with. */
export const provider = 'Shopify';
/** Shopify's limit on input arrays (media, files, moves). */
export const maxInputArray = 250;
const mediaPage = 100;
const copyFields = 'id title descriptionHtml tags seo { title description }';
const mediaFields = 'id alt status mediaContentType ... on MediaImage { image { url } }';

/** Every document the client sends, named so Shopify's logs and ours say which call it was. */
export const documents = {
  product: `query PodFlowProduct($id: ID!, $after: String) {
    product(id: $id) {
      ${copyFields}
      media(first: ${mediaPage}, after: $after) { nodes { ${mediaFields} } pageInfo { hasNextPage endCursor } }
    }
  }`,
  access: `query PodFlowAccess {
    shop { name }
    currentAppInstallation { accessScopes { handle } }
  }`,
  update: `mutation PodFlowProductUpdate($product: ProductUpdateInput!) {
    productUpdate(product: $product) { product { ${copyFields} } userErrors { field message } }
  }`,
  // The new media are the last ones of the gallery right after the update.
  addMedia: `mutation PodFlowAddMedia($product: ProductUpdateInput!, $media: [CreateMediaInput!], $count: Int!) {
    productUpdate(product: $product, media: $media) {
      product { id media(last: $count) { nodes { ${mediaFields} } } }
      userErrors { field message }
    }
  }`,
  stage: `mutation PodFlowStagedUpload($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets { url resourceUrl parameters { name value } }
      userErrors { field message }
    }
  }`,
  removeMedia: `mutation PodFlowRemoveMedia($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) { files { id } userErrors { code field message } }
  }`,
  reorder: `mutation PodFlowReorderMedia($id: ID!, $moves: [MoveInput!]!) {
    productReorderMedia(id: $id, moves: $moves) { job { id done } mediaUserErrors { code field message } }
  }`,
  job: `query PodFlowJob($id: ID!) { job(id: $id) { id done } }`,
};

/** The userErrors / mediaUserErrors of a payload. */
export type UserError = { field?: string[] | null; message: string; code?: string | null };
/** The shapes the documents select. */
export type MediaNode = {
  id: string;
  alt: string | null;
  status: ShopifyMediaStatus;
  mediaContentType: string;
  image?: { url: string } | null;
};
export type ProductNode = ShopifyProductCopy & {
  media: { nodes: MediaNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
};
export type StagedTarget = {
  url: string | null;
  resourceUrl: string | null;
  parameters: { name: string; value: string }[];
};
export type Job = { id: string; done: boolean };

type GraphqlError = { message?: string; extensions?: { code?: string } };
type Cost = {
  requestedQueryCost?: number;
  throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
};
type GraphqlAnswer<T> = { data?: T | null; errors?: GraphqlError[]; extensions?: { cost?: Cost } };

/** A ProviderError for an answer Shopify gave (HTTP 200) that PodFlow cannot use; not retried. */
export function refusal(message: string, code?: string): ProviderError {
  return new ProviderError(message, { provider, status: 200, code, retryable: false });
}

export type GraphqlCaller = {
  /**
   * One GraphQL call. A THROTTLED answer was not run, so it is waited out and retried whatever the
   * operation; `idempotent` says whether a 5xx or timeout may be retried too.
   */
  call<T>(
    operation: string,
    query: string,
    variables: Record<string, unknown>,
    idempotent: boolean,
  ): Promise<T>;
  /** Throws the userErrors of a mutation, naming each field and reason. */
  refuse(operation: string, errors: UserError[] | null | undefined): void;
};

/** GraphQL over the shared helper's POST to the shop's endpoint. */
export function graphqlCaller(options: {
  http: HttpClient;
  path: string;
  sleep: (ms: number) => Promise<void>;
  maxRetries: number;
  redact: (text: string) => string;
}): GraphqlCaller {
  const { http, path, sleep, maxRetries, redact } = options;
  return {
    async call<T>(operation: string, query: string, variables: Record<string, unknown>, idempotent: boolean) {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await http.request<GraphqlAnswer<T> | undefined>('POST', path, {
          body: { query, variables },
          idempotent,
        });
        const errors = answer?.errors ?? [];
        if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
          const waitMs = throttleWait(answer?.extensions?.cost);
          if (attempt > maxRetries) {
            const what = `Shopify throttled ${operation} ${attempt} times; its cost bucket refills in about ${Math.ceil(waitMs / 1000)} s`;
            throw new ProviderError(what, {
              provider,
              status: 200,
              code: 'THROTTLED',
              retryable: true,
              retryAfterMs: waitMs,
            });
          }
          await sleep(waitMs);
          continue;
        }
        if (errors.length > 0) {
          const code = errors.find((error) => error.extensions?.code)?.extensions?.code;
          const text = errors.map((error) => error.message ?? 'no message').join('; ');
          throw refusal(
            redact(`Shopify answered ${operation} with ${code ?? 'a GraphQL error'}: ${text}`),
            code,
          );
        }
        if (!answer?.data) throw refusal(`Shopify answered ${operation} without data`);
        return answer.data;
      }
    },
    refuse(operation, errors) {
      if (!errors || errors.length === 0) return;
      const text = errors
        .map((error) => (error.field?.length ? `${error.field.join('.')}: ${error.message}` : error.message))
        .join('; ');
      throw refusal(redact(`Shopify refused ${operation}: ${text}`), 'USER_ERROR');
    },
  };
}

/** How long a THROTTLED answer asks to wait: the missing points at the restore rate, at least 1 s. */
export function throttleWait(cost: Cost | undefined): number {
  const requested = cost?.requestedQueryCost;
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  if (requested === undefined || available === undefined || !rate || rate <= 0) return 1_000;
  return Math.max(1_000, Math.ceil(((requested - available) / rate) * 1000));
}

/**
 * PUTs a file's raw bytes to a staged-upload URL, with the staged parameters as headers. It goes
 * through the shared helper (retries, timeouts, redaction) with a fetch that swaps the helper's
 * JSON body for the bytes; the Shopify token is not sent to the storage bucket.
 */
export async function putStagedFile(
  transport: TransportOptions,
  url: string,
  parameters: StagedTarget['parameters'],
  file: { mimeType: string; bytes: Buffer },
): Promise<void> {
  const fetchImpl = transport.fetch ?? fetch;
  const secrets = [...new URL(url).searchParams.entries()]
    .filter(([name]) => /signature|credential|policy/i.test(name))
    .map(([, value]) => value);
  const headers = Object.fromEntries(parameters.map(({ name, value }) => [headerOf(name), value]));
  const bucket = httpClient({
    ...transport,
    provider,
    baseUrl: url,
    headers: {},
    secretValues: secrets,
    readError: readShopifyError,
    fetch: (input, init) =>
      fetchImpl(input, {
        ...init,
        body: new Uint8Array(file.bytes),
        headers: { ...(init?.headers as Record<string, string>), 'Content-Type': file.mimeType, ...headers },
      }),
  });
  await bucket.request<unknown>('PUT', '');
}

/** A staged-upload parameter as the header the bucket checks (shopify.md: PUT sends them as headers). */
function headerOf(name: string): string {
  if (name === 'content_type') return 'Content-Type';
  if (name === 'acl') return 'x-goog-acl';
  return name;
}

/** A media node as the client hands it out. */
export const mediaOf = (node: MediaNode): ShopifyMedia => ({
  id: node.id,
  alt: node.alt ?? null,
  status: node.status,
  mediaContentType: node.mediaContentType,
  url: node.image?.url ?? null,
});

/** A product's copy fields only, SEO fields null when unset. */
export function copyOf(product: ShopifyProductCopy): ShopifyProductCopy {
  return {
    id: product.id,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    tags: [...product.tags],
    seo: { title: product.seo?.title ?? null, description: product.seo?.description ?? null },
  };
}

/**
 * Shopify's error bodies: `errors` as a sentence (401, 404, 5xx), a list of GraphQL errors, or an
 * object of field -> sentence (400); the storage bucket behind staged uploads answers XML.
 */
export function readShopifyError(body: unknown): ErrorDetail {
  if (typeof body === 'string') {
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
    if (code || message) return { reason: message ?? code, code };
    return { reason: body.trim() || undefined };
  }
  if (typeof body !== 'object' || body === null) return {};
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (typeof errors === 'string') return { reason: errors.trim() || undefined };
  if (Array.isArray(errors)) {
    const list = errors as (GraphqlError | null)[];
    const reason = list
      .map((error) => error?.message)
      .filter(Boolean)
      .join('; ');
    return {
      reason: reason || undefined,
      code: list.find((error) => error?.extensions?.code)?.extensions?.code,
    };
  }
  if (typeof errors === 'object' && errors !== null) {
    const reason = Object.entries(errors)
      .map(([field, text]) => `${field}: ${String(text)}`)
      .join('; ');
    return { reason: reason || undefined };
  }
  return { reason: typeof message === 'string' ? message : undefined };
}
