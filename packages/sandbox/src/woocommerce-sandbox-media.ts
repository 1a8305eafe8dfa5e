import { createHash } from 'node:crypto';
import {
  type Checked,
  type ImageInput,
  imageUploadError,
  invalidImageId,
} from './woocommerce-sandbox-checks.ts';
import { type WooImage, wpTime } from './woocommerce-sandbox-types.ts';
import { download, sniffImage } from './sandbox-kit.ts';

/**
 * The WooCommerce sandbox's media library: image attachments with their bytes, made by
 * sideloading a URL (really downloaded, as WooCommerce's wc_rest_upload_image_from_url does) or
 * from bytes for seeded products, and served back at /wp-content/uploads/{id}/{file}.
 */

export type Attachment = {
  id: number;
  fileName: string;
  mime: string;
  bytes: Buffer;
  name: string;
  alt: string;
  created: string;
  modified: string;
};

const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The file name WordPress stores a sideloaded URL under: its last path segment, cleaned. */
function fileNameOf(url: string, mime: string): string {
  let last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A stray % stays as it is.
  }
  const clean = last.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'image';
  return /\.[A-Za-z0-9]+$/.test(clean) ? clean : `${clean}.${extensionOf[mime] ?? 'bin'}`;
}

/** A PNG or JPEG's type; WordPress refuses other files as images (PDFs included). */
function imageMime(bytes: Buffer): string | undefined {
  const sniffed = sniffImage(bytes);
  return sniffed && sniffed.mime !== 'application/pdf' ? sniffed.mime : undefined;
}

type Pending = { bytes: Buffer; mime: string; fileName: string };

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/** Attachments whose ids come from `nextId` (WordPress's posts sequence, shared with products). */
export function createMediaLibrary(baseUrl: () => string, nextId: () => number, downloadTimeoutMs: number) {
  const attachments = new Map<number, Attachment>();
  const stats = { downloads: 0 };

  function store(file: Pending, name: string, alt = ''): number {
    const id = nextId();
    const now = wpTime();
    attachments.set(id, { id, ...file, name, alt, created: now, modified: now });
    return id;
  }

  /** Downloads a src as WooCommerce sideloads one: the failure is the upload error's message. */
  async function sideload(src: string): Promise<Pending | string> {
    stats.downloads += 1;
    const fetched = await download(src, downloadTimeoutMs);
    if ('error' in fetched) return `Error getting remote image ${src}. Error: ${fetched.error}`;
    const mime = imageMime(fetched.bytes);
    if (!mime) return 'Invalid image: Sorry, you are not allowed to upload this file type.';
    return { bytes: fetched.bytes, mime, fileName: fileNameOf(src, mime) };
  }

  return {
    attachments,
    stats,

    /** The image object a product shows for an attachment. */
    imageOf(id: number): WooImage | undefined {
      const attachment = attachments.get(id);
      if (!attachment) return undefined;
      return {
        id,
        date_created: attachment.created,
        date_created_gmt: attachment.created,
        date_modified: attachment.modified,
        date_modified_gmt: attachment.modified,
        src: `${baseUrl()}/wp-content/uploads/${id}/${encodeURIComponent(attachment.fileName)}`,
        name: attachment.name,
        alt: attachment.alt,
      };
    },

    sha256: (id: number) =>
      createHash('sha256')
        .update(attachments.get(id)?.bytes ?? Buffer.alloc(0))
        .digest('hex'),

    /**
     * The attachment ids for an `images` list, in order, as WooCommerce's set_product_images walks
     * it: `{id}` must be an image attachment, `{src}` is downloaded into a new one. Nothing is
     * stored unless every entry succeeds, so a refused request leaves the product as it was.
     */
    async resolve(images: ImageInput[]): Promise<Checked<number[]>> {
      const resolved: (number | Pending)[] = [];
      for (const image of images) {
        if (image.id > 0 || !image.src) {
          if (!attachments.has(image.id)) return { ok: false, error: invalidImageId(image.id) };
          resolved.push(image.id);
          continue;
        }
        const file = await sideload(image.src);
        if (typeof file === 'string') return { ok: false, error: imageUploadError(file) };
        resolved.push(file);
      }
      // A new attachment is titled after its file, as wc_rest_set_uploaded_image_as_attachment does.
      const ids = resolved.map((entry) => (typeof entry === 'number' ? entry : store(entry, entry.fileName)));
      images.forEach((image, index) => {
        const attachment = attachments.get(ids[index] ?? 0);
        if (!attachment) return;
        // Empty alt or name leave the attachment's own: WooCommerce only writes non-empty ones.
        if (image.alt) attachment.alt = image.alt;
        if (image.name) attachment.name = image.name;
      });
      return { ok: true, value: ids };
    },

    /** An attachment from bytes (a seeded product's image); throws if they are no PNG or JPEG. */
    fromBytes(bytes: Buffer, baseName: string, name?: string, alt?: string): number {
      const mime = imageMime(bytes);
      if (!mime) throw new Error(`The image ${baseName} is not a PNG or JPEG`);
      const fileName = `${baseName}.${extensionOf[mime]}`;
      return store({ bytes, mime, fileName }, name ?? fileName, alt);
    },
  };
}
