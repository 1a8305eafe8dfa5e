import { createHash, randomBytes } from 'node:crypto';
import { type Download, download, sniffImage } from './sandbox-kit.ts';

/**
 * The Shopify sandbox's state: products, the store's files (media), staged uploads, and the
 * asynchronous processing that takes new media from UPLOADED through PROCESSING to READY or FAILED.
 */

/** Where a media is in Shopify's processing. */
export type MediaStatus = 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';

/** A file of the store (a MediaImage), which products reference by id. */
export type MediaRecord = {
  id: number;
  shop: string;
  alt: string | null;
  status: MediaStatus;
  filename: string;
  bytes?: Buffer;
  mimeType?: string;
  width?: number;
  height?: number;
  errors: { code: 'IMAGE_DOWNLOAD_FAILURE' | 'IMAGE_PROCESSING_FAILURE'; message: string; details: string }[];
  createdAt: string;
  updatedAt: string;
};

/** A product and its gallery. */
export type ProductRecord = {
  id: number;
  shop: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  descriptionHtml: string;
  tags: string[];
  vendor: string;
  productType: string;
  seo: { title: string | null; description: string | null };
  createdAt: string;
  updatedAt: string;
  /** The gallery, in order. */
  mediaIds: number[];
};

/** A staged-upload target and, once PUT, its bytes. */
export type StagedUpload = {
  key: string;
  shop: string;
  filename: string;
  mimeType: string;
  signature: string;
  bytes?: Buffer;
};

/** A media as tests read it: its GID, state, public URL (once READY) and the sha256 of its bytes. */
export type SandboxShopifyMedia = {
  id: string;
  alt: string | null;
  status: MediaStatus;
  mediaContentType: 'IMAGE';
  url: string | null;
  sha256: string | null;
};

/** A product as tests read it, media in gallery order. */
export type SandboxShopifyProduct = Omit<ProductRecord, 'id' | 'shop' | 'mediaIds' | 'createdAt'> & {
  id: string;
  media: SandboxShopifyMedia[];
};

/** `gid://shopify/Kind/123`. */
export const gid = (kind: string, id: number | string) => `gid://shopify/${kind}/${id}`;

/** The number in a GID of that kind, or a bare number; undefined for anything else. */
export function idOf(kind: string, value: string): number | undefined {
  const match = new RegExp(`^(?:gid://shopify/${kind}/)?(\\d{1,16})$`).exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

/** Shopify's DateTime: ISO 8601 in UTC, whole seconds. */
export const shopifyTime = (at = new Date()) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sandbox's state and what changes it. */
export type ShopifyStore = ReturnType<typeof createShopifyStore>;

/** An empty store; media URLs are built on `baseUrl()`, known once the sandbox listens. */
export function createShopifyStore(options: {
  baseUrl: () => string;
  mediaReadyMs: number;
  jobReadsUntilDone: number;
}) {
  const products = new Map<number, ProductRecord>();
  const media = new Map<number, MediaRecord>();
  const staged = new Map<string, StagedUpload>();
  /** Reorder jobs handed out -> how many more reads answer done: false. */
  const jobs = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let nextProduct = 9_100_000_000_001;
  let nextMedia = 3_300_000_000_001;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timers.add(timer);
  };

  function uniqueHandle(shop: string, wanted: string, except?: number): string {
    const base = slug(wanted) || 'product';
    const taken = new Set(
      [...products.values()].filter((p) => p.shop === shop && p.id !== except).map((p) => p.handle),
    );
    let handle = base;
    for (let n = 1; taken.has(handle); n += 1) handle = `${base}-${n}`;
    return handle;
  }

  function newMedia(shop: string, alt: string | null, filename: string): MediaRecord {
    const now = shopifyTime();
    const record: MediaRecord = {
      id: nextMedia++,
      shop,
      alt,
      status: 'UPLOADED',
      filename,
      errors: [],
      createdAt: now,
      updatedAt: now,
    };
    media.set(record.id, record);
    return record;
  }

  /** The public URL of a READY media's bytes, as Shopify's CDN would serve them. */
  function mediaUrl(record: MediaRecord): string | null {
    if (record.status !== 'READY') return null;
    return `${options.baseUrl()}/${record.shop}/cdn/files/${record.id}/${encodeURIComponent(record.filename)}`;
  }

  /** READY with the bytes, or FAILED with the reason (not downloaded, not an image). */
  function settle(record: MediaRecord, loaded: Download): void {
    record.updatedAt = shopifyTime();
    if ('error' in loaded) {
      record.status = 'FAILED';
      record.errors = [
        {
          code: 'IMAGE_DOWNLOAD_FAILURE',
          message: 'Media could not be processed because the image could not be downloaded.',
          details: loaded.error,
        },
      ];
      return;
    }
    const image = imageKind(loaded.bytes);
    if (!image) {
      record.status = 'FAILED';
      record.errors = [
        {
          code: 'IMAGE_PROCESSING_FAILURE',
          message: 'Media could not be processed because the file is not a supported image.',
          details: 'The file is not a PNG, JPEG, GIF or WebP image.',
        },
      ];
      return;
    }
    Object.assign(record, { status: 'READY', bytes: loaded.bytes, ...image });
  }

  /** Where `source` points: one of this sandbox's staged uploads (by shop), or the outside world. */
  function load(shop: string, source: string): Promise<Download> {
    const base = options.baseUrl();
    if (source.startsWith(`${base}/`)) {
      const match = /^\/([^/]+)\/staged-uploads\/([^/?#]+)$/.exec(source.slice(base.length).split('?')[0]!);
      if (match) {
        const upload = staged.get(match[2]!);
        if (!upload || upload.shop !== match[1] || upload.shop !== shop || !upload.bytes) {
          return Promise.resolve({ error: 'nothing was uploaded to the staged target' });
        }
        return Promise.resolve({ bytes: upload.bytes });
      }
    }
    return download(source);
  }

  return {
    products,
    media,
    staged,
    jobs,
    /** How many reads a new reorder job answers done: false. */
    jobReadsUntilDone: options.jobReadsUntilDone,

    /** A product as Printify's Shopify channel creates it; its images are READY at once. */
    createProduct(
      shop: string,
      input: {
        title: string;
        descriptionHtml?: string;
        tags?: string[];
        images?: { bytes: Buffer; alt?: string }[];
      },
    ): ProductRecord {
      const now = shopifyTime();
      const product: ProductRecord = {
        id: nextProduct++,
        shop,
        title: input.title,
        handle: uniqueHandle(shop, input.title),
        status: 'ACTIVE',
        descriptionHtml: input.descriptionHtml ?? '',
        tags: normaliseTags(input.tags ?? []),
        vendor: shopDisplayName(shop),
        productType: '',
        seo: { title: null, description: null },
        createdAt: now,
        updatedAt: now,
        mediaIds: [],
      };
      for (const [index, image] of (input.images ?? []).entries()) {
        const record = newMedia(shop, image.alt ?? null, `${product.handle}-${index + 1}`);
        settle(record, { bytes: image.bytes });
        if (record.status !== 'READY')
          throw new Error(`Image ${index + 1} of "${input.title}" is not an image`);
        record.filename += extensionOf(record.mimeType);
        product.mediaIds.push(record.id);
      }
      products.set(product.id, product);
      return product;
    },

    uniqueHandle,

    /** Appends new media to the gallery; they become READY (or FAILED) after mediaReadyMs. */
    appendMedia(
      product: ProductRecord,
      inputs: { originalSource: string; alt: string | null }[],
    ): MediaRecord[] {
      return inputs.map((input) => {
        const name = decodeURIComponent(new URL(input.originalSource).pathname.split('/').pop() ?? '');
        const record = newMedia(product.shop, input.alt, name || 'image');
        product.mediaIds.push(record.id);
        const loaded = load(product.shop, input.originalSource);
        later(options.mediaReadyMs / 2, () => {
          if (record.status === 'UPLOADED') record.status = 'PROCESSING';
        });
        later(options.mediaReadyMs, () => {
          void loaded.then((result) => {
            if (!closed) settle(record, result);
          });
        });
        return record;
      });
    },

    /** A staged target for one file; the PUT must carry the signature of its URL. */
    stage(shop: string, input: { filename: string; mimeType: string }): StagedUpload {
      const key = randomBytes(12).toString('hex');
      const upload = { key, shop, ...input, signature: randomBytes(16).toString('hex') };
      staged.set(key, upload);
      return upload;
    },

    stagedUrls(upload: StagedUpload) {
      const resourceUrl = `${options.baseUrl()}/${upload.shop}/staged-uploads/${upload.key}`;
      return { resourceUrl, url: `${resourceUrl}?signature=${upload.signature}` };
    },

    mediaUrl,

    /** A product as tests read it, or undefined. */
    /** Every product of a shop, oldest first, as `snapshot` shows one. */
    list(shop: string): SandboxShopifyProduct[] {
      return [...products.values()]
        .filter((product) => product.shop === shop)
        .flatMap((product) => this.snapshot(shop, String(product.id)) ?? []);
    },

    snapshot(shop: string, id: string): SandboxShopifyProduct | undefined {
      const number = idOf('Product', id);
      const product = number === undefined ? undefined : products.get(number);
      if (!product || product.shop !== shop) return undefined;
      const { id: _id, shop: _shop, mediaIds, createdAt: _createdAt, ...fields } = product;
      return {
        ...structuredClone(fields),
        id: gid('Product', product.id),
        media: mediaIds.flatMap((mediaId) => {
          const record = media.get(mediaId);
          if (!record) return [];
          return [
            {
              id: gid('MediaImage', record.id),
              alt: record.alt,
              status: record.status,
              mediaContentType: 'IMAGE' as const,
              url: mediaUrl(record),
              sha256: record.bytes ? createHash('sha256').update(record.bytes).digest('hex') : null,
            },
          ];
        }),
      };
    },

    stopTimers() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Tags as Shopify keeps them: split on commas, trimmed, no blanks, no case-insensitive repeats. */
export function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags.flatMap((value) => value.split(','))) {
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

/** "podflow-demo" -> "Podflow Demo". */
export const shopDisplayName = (shop: string) =>
  shop
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, 255);
}

/** PNG and JPEG by sandbox-kit, and the GIF and WebP Shopify also takes. */
function imageKind(bytes: Buffer): { mimeType: string; width?: number; height?: number } | undefined {
  const sniffed = sniffImage(bytes);
  if (sniffed && sniffed.mime !== 'application/pdf') {
    return { mimeType: sniffed.mime, width: sniffed.width, height: sniffed.height };
  }
  const head = bytes.toString('latin1', 0, 6);
  if ((head === 'GIF87a' || head === 'GIF89a') && bytes.length >= 10) {
    return { mimeType: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return { mimeType: 'image/webp' };
  }
  return undefined;
}

function extensionOf(mimeType: string | undefined): string {
  return (
    { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp' }[
      mimeType ?? ''
    ] ?? ''
  );
}
