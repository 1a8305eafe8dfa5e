import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import {
  type CodedError,
  type Json,
  type PageArgs,
  type UserError,
  checkInputSize,
  checkMediaInput,
  checkStagedInput,
  connectionOf,
  positionOf,
  requireScope,
  textOrNull,
} from './shopify-sandbox-checks.ts';
import {
  type MediaRecord,
  type ProductRecord,
  type ShopifyStore,
  gid,
  idOf,
  normaliseTags,
  shopDisplayName,
  shopifyTime,
} from './shopify-sandbox-store.ts';

/**
 * The sandbox's answers to each root field, checking scopes and input the way Shopify does:
 * missing scopes are ACCESS_DENIED errors, bad input comes back in userErrors (HTTP 200).
 */

/** Who is asking: the shop of the URL and the scopes of its token. */
export type RequestContext = { shop: string; scopes: string[] };

const maxTags = 250;
const maxMediaPerProduct = 250;

/** The root value for one request: every query and mutation field of the schema. */
export function createRoot(store: ShopifyStore, context: RequestContext) {
  const { shop, scopes } = context;
  const { jobs } = store;

  function productOf(id: string): ProductRecord | undefined {
    const number = idOf('Product', id);
    if (number === undefined) throw new GraphQLError(`Invalid global id '${id}'`);
    const product = store.products.get(number);
    return product?.shop === shop ? product : undefined;
  }

  function mediaOn(product: ProductRecord, id: string): MediaRecord | undefined {
    const number = idOf('MediaImage', id);
    return number !== undefined && product.mediaIds.includes(number) ? store.media.get(number) : undefined;
  }

  function mediaView(record: MediaRecord): Json {
    const url = store.mediaUrl(record);
    const image = url
      ? {
          id: gid('ImageSource', record.id),
          url,
          width: record.width ?? null,
          height: record.height ?? null,
          altText: record.alt,
        }
      : null;
    return {
      __typename: 'MediaImage',
      id: gid('MediaImage', record.id),
      alt: record.alt,
      mediaContentType: 'IMAGE',
      mediaErrors: record.errors,
      status: record.status,
      fileStatus: record.status,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      mimeType: record.mimeType ?? null,
      image,
      preview: { image, status: record.status },
    };
  }

  function productView(product: ProductRecord): Json {
    return {
      id: gid('Product', product.id),
      title: product.title,
      handle: product.handle,
      status: product.status,
      description: product.descriptionHtml
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      descriptionHtml: product.descriptionHtml,
      tags: [...product.tags],
      vendor: product.vendor,
      productType: product.productType,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      onlineStoreUrl: null,
      seo: { ...product.seo },
      media: (args: PageArgs) => mediaConnection(product, args),
    };
  }

  function mediaConnection(product: ProductRecord, args: PageArgs): Json {
    const records = product.mediaIds.flatMap((id) => store.media.get(id) ?? []);
    return connectionOf(records, args, mediaView);
  }

  return {
    shop: () => ({
      id: gid('Shop', shopNumber(shop)),
      name: shopDisplayName(shop),
      myshopifyDomain: `${shop}.myshopify.com`,
    }),

    currentAppInstallation: () => ({
      id: gid('AppInstallation', shopNumber(shop)),
      accessScopes: scopes.map((handle) => ({ handle, description: `The ${handle} access scope.` })),
    }),

    product(args: { id: string }) {
      requireScope(scopes, 'product', ['read_products']);
      const product = productOf(args.id);
      return product ? productView(product) : null;
    },

    job(args: { id: string }) {
      const pending = jobs.get(args.id);
      if (pending === undefined) return null;
      jobs.set(args.id, Math.max(0, pending - 1));
      return { id: args.id, done: pending <= 1 };
    },

    productUpdate(args: { product?: Json | null; media?: Json[] | null }) {
      requireScope(scopes, 'productUpdate', ['write_products']);
      const media = args.media ?? [];
      checkInputSize(media);
      const input = args.product ?? {};
      const product = typeof input.id === 'string' ? productOf(input.id) : undefined;
      if (!product)
        return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
      const errors = checkProductInput(input, product);
      const room = maxMediaPerProduct - product.mediaIds.length;
      if (media.length > room) {
        errors.push({
          field: ['media'],
          message: `Product cannot have more than ${maxMediaPerProduct} media`,
        });
      }
      media.forEach((item, index) => errors.push(...checkMediaInput(item, index)));
      if (errors.length > 0) return { product: null, userErrors: errors };
      applyProductInput(input, product);
      store.appendMedia(
        product,
        media.map((item) => ({ originalSource: String(item.originalSource), alt: textOrNull(item.alt) })),
      );
      return { product: productView(product), userErrors: [] };
    },

    stagedUploadsCreate(args: { input: Json[] }) {
      requireScope(scopes, 'stagedUploadsCreate', ['write_files', 'write_products']);
      checkInputSize(args.input);
      const errors = args.input.flatMap((item, index) => checkStagedInput(item, index));
      if (errors.length > 0) return { stagedTargets: null, userErrors: errors };
      const stagedTargets = args.input.map((item) => {
        const mimeType = String(item.mimeType);
        const upload = store.stage(shop, { filename: String(item.filename), mimeType });
        const parameters = [
          { name: 'content_type', value: mimeType },
          { name: 'acl', value: 'private' },
        ];
        return { ...store.stagedUrls(upload), parameters };
      });
      return { stagedTargets, userErrors: [] };
    },

    fileUpdate(args: { files: Json[] }) {
      requireScope(scopes, 'fileUpdate', ['write_files', 'write_products']);
      checkInputSize(args.files);
      const errors: CodedError[] = [];
      const planned = args.files.map((item, index) => {
        const at = ['files', String(index)];
        const number = idOf('MediaImage', String(item.id));
        const record = number === undefined ? undefined : store.media.get(number);
        if (!record || record.shop !== shop) {
          errors.push({
            code: 'FILE_DOES_NOT_EXIST',
            field: [...at, 'id'],
            message: `File id ${item.id} does not exist.`,
          });
          return undefined;
        }
        if (record.status !== 'READY') {
          errors.push({
            code: 'NON_READY_STATE',
            field: [...at, 'id'],
            message: 'Non-ready files cannot be updated.',
          });
        }
        for (const unsupported of ['originalSource', 'previewImageSource'] as const) {
          if (item[unsupported] != null) {
            const message = `Replacing a file's ${unsupported} is not supported by the sandbox.`;
            errors.push({ code: 'INVALID', field: [...at, unsupported], message });
          }
        }
        const references = (name: 'referencesToAdd' | 'referencesToRemove') =>
          ((item[name] as string[] | null | undefined) ?? []).flatMap((ref, refIndex) => {
            const number = idOf('Product', ref);
            const product = number === undefined ? undefined : store.products.get(number);
            if (product?.shop === shop) return [product];
            const message = `Reference ${ref} does not exist.`;
            errors.push({ code: 'INVALID', field: [...at, name, String(refIndex)], message });
            return [];
          });
        return { record, item, add: references('referencesToAdd'), remove: references('referencesToRemove') };
      });
      if (errors.length > 0) return { files: null, userErrors: errors };
      const files = planned.flatMap((plan) => {
        if (!plan) return [];
        const { record, item, add, remove } = plan;
        if (item.alt !== undefined) record.alt = textOrNull(item.alt);
        if (typeof item.filename === 'string' && item.filename.trim()) record.filename = item.filename.trim();
        for (const product of remove) product.mediaIds = product.mediaIds.filter((id) => id !== record.id);
        for (const product of add)
          if (!product.mediaIds.includes(record.id)) product.mediaIds.push(record.id);
        record.updatedAt = shopifyTime();
        return [mediaView(record)];
      });
      return { files, userErrors: [] };
    },

    productDeleteMedia(args: { productId: string; mediaIds: string[] }) {
      requireScope(scopes, 'productDeleteMedia', ['write_products']);
      checkInputSize(args.mediaIds);
      const none = { deletedMediaIds: null, deletedProductImageIds: null, product: null };
      const product = productOf(args.productId);
      if (!product) {
        const error = {
          code: 'PRODUCT_DOES_NOT_EXIST',
          field: ['productId'],
          message: 'Product does not exist',
        };
        return { ...none, mediaUserErrors: [error] };
      }
      const errors: CodedError[] = [];
      const records = args.mediaIds.flatMap((id, index) => {
        const record = mediaOn(product, id);
        if (record) return [record];
        errors.push({
          code: 'MEDIA_DOES_NOT_EXIST',
          field: ['mediaIds', String(index)],
          message: `Media id ${id} does not exist`,
        });
        return [];
      });
      if (errors.length > 0) return { ...none, mediaUserErrors: errors };
      const deleted = new Set(records.map((record) => record.id));
      product.mediaIds = product.mediaIds.filter((id) => !deleted.has(id));
      for (const id of deleted) store.media.delete(id);
      return {
        deletedMediaIds: [...deleted].map((id) => gid('MediaImage', id)),
        deletedProductImageIds: [...deleted].map((id) => gid('ProductImage', id)),
        mediaUserErrors: [],
        product: productView(product),
      };
    },

    productReorderMedia(args: { id: string; moves: { id: string; newPosition: unknown }[] }) {
      requireScope(scopes, 'productReorderMedia', ['write_products']);
      checkInputSize(args.moves);
      const product = productOf(args.id);
      if (!product) {
        const error = { code: 'PRODUCT_DOES_NOT_EXIST', field: ['id'], message: 'Product does not exist' };
        return { job: null, mediaUserErrors: [error] };
      }
      const errors: CodedError[] = [];
      const moves = args.moves.flatMap((move, index) => {
        const at = ['moves', String(index)];
        const record = mediaOn(product, move.id);
        const position = positionOf(move.newPosition);
        if (!record) {
          const message = `Media id ${move.id} does not exist on product`;
          errors.push({ code: 'MEDIA_DOES_NOT_EXIST_ON_PRODUCT', field: [...at, 'id'], message });
        }
        if (position === undefined) {
          errors.push({ code: 'INVALID', field: [...at, 'newPosition'], message: 'New position is invalid' });
        }
        return record && position !== undefined ? [{ id: record.id, position }] : [];
      });
      if (errors.length > 0) return { job: null, mediaUserErrors: errors };
      // Moves are evaluated in order; a position past the end moves the media to the end.
      for (const move of moves) {
        const rest = product.mediaIds.filter((id) => id !== move.id);
        rest.splice(Math.min(move.position, rest.length), 0, move.id);
        product.mediaIds = rest;
      }
      product.updatedAt = shopifyTime();
      const job = { id: gid('Job', randomUUID()), done: store.jobReadsUntilDone === 0 };
      jobs.set(job.id, store.jobReadsUntilDone);
      return { job, mediaUserErrors: [] };
    },
  };

  function checkProductInput(input: Json, product: ProductRecord): UserError[] {
    const errors: UserError[] = [];
    if (input.title !== undefined) {
      const title = typeof input.title === 'string' ? input.title.trim() : '';
      if (!title) errors.push({ field: ['title'], message: "Title can't be blank" });
      else if (title.length > 255)
        errors.push({ field: ['title'], message: 'Title is too long (maximum is 255 characters)' });
    }
    if (Array.isArray(input.tags)) {
      const tags = normaliseTags(input.tags as string[]);
      if (tags.length > maxTags)
        errors.push({ field: ['tags'], message: `Tags cannot be more than ${maxTags}` });
      if (tags.some((tag) => tag.length > 255)) {
        errors.push({ field: ['tags'], message: 'Tag is too long (maximum is 255 characters)' });
      }
    }
    if (
      typeof input.handle === 'string' &&
      store.uniqueHandle(shop, input.handle, product.id) !== input.handle
    ) {
      errors.push({
        field: ['handle'],
        message: `Handle '${input.handle}' already in use. Please provide a new handle.`,
      });
    }
    return errors;
  }

  function applyProductInput(input: Json, product: ProductRecord): void {
    if (typeof input.title === 'string') product.title = input.title.trim();
    if (input.descriptionHtml !== undefined) product.descriptionHtml = String(input.descriptionHtml ?? '');
    if (Array.isArray(input.tags)) product.tags = normaliseTags(input.tags as string[]);
    else if (input.tags === null) product.tags = [];
    const seo = input.seo as { title?: string | null; description?: string | null } | null | undefined;
    if (seo) {
      if (seo.title !== undefined) product.seo.title = textOrNull(seo.title);
      if (seo.description !== undefined) product.seo.description = textOrNull(seo.description);
    }
    for (const key of ['status', 'vendor', 'productType', 'handle'] as const) {
      if (typeof input[key] === 'string') Object.assign(product, { [key]: input[key] });
    }
    product.updatedAt = shopifyTime();
  }
}

function shopNumber(shop: string): number {
  let hash = 0;
  for (const char of shop) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return 60_000_000_000 + hash;
}
