import {
  type Blueprint,
  type PrintAreaInput,
  type Upload,
  type VariantInput,
  findBlueprint,
} from './printify-sandbox-catalog.ts';

/**
 * What the Printify sandbox refuses in product and upload bodies, with Printify's error bodies
 * (docs: providers/printify.md "Error format"): Laravel-style validation reasons under code 8150,
 * print-area coverage 8251, excessive capitals 61003, and the plain `{error}` and `{}` bodies.
 */

export type Json = Record<string, unknown>;
export type PrintifyError = { status: number; body: unknown };

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{status:'error', code, message, errors:{reason, code}}`, Printify's business-error body. */
export const businessError = (code: number, message: string, reason: string): PrintifyError => ({
  status: 400,
  body: { status: 'error', code, message, errors: { reason, code } },
});

/** A validation failure (8150) whose reason is 'path: Laravel message'. */
export const validationError = (path: string, message: string): PrintifyError =>
  businessError(8150, 'Validation failed.', `${path}: ${message}`);

export const unauthorized: PrintifyError = { status: 401, body: {} };
export const notFound: PrintifyError = { status: 404, body: { error: 'Not found' } };
export const invalidProductId: PrintifyError = { status: 422, body: { error: 'Invalid product ID format.' } };

export const wrongShop = (productId: string, shopId: number): PrintifyError => ({
  status: 400,
  body: {
    code: 8104,
    errors: { reason: `Product ${productId} does not belongs to shop #${shopId}`, code: 8104 },
  },
});

// Printify documents that a locked product cannot be edited; the code is the sandbox's own guess.
export const locked = (productId: string): PrintifyError =>
  businessError(8252, 'Product is locked.', `Product ${productId} is being published and cannot be edited.`);

const label = (path: string) => path.replace(/_/g, ' ');
export const required = (path: string) => validationError(path, `The ${label(path)} field is required.`);
export const mustBe = (path: string, what: string) =>
  validationError(path, `The ${label(path)} must be ${what}.`);
export const invalidChoice = (path: string) =>
  validationError(path, `The selected ${label(path)} is invalid.`);

const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Etsy refuses titles with more than three words in capitals and Printify refuses them first
 * (61003); words of one letter and acronyms inside a normal title stay allowed.
 */
export function hasExcessiveCaps(title: string): boolean {
  const shouting = title.split(/\s+/).filter((word) => {
    const letters = word.replace(/[^\p{L}]/gu, '');
    return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  });
  return shouting.length > 3;
}

export type ProductInput = {
  title?: string;
  description?: string;
  tags?: string[];
  variants?: VariantInput[];
  print_areas?: PrintAreaInput[];
  visible?: boolean;
  print_details?: Json;
};

export type Checked<T> = { ok: true; value: T } | { ok: false; error: PrintifyError };
const refuse = <T>(error: PrintifyError): Checked<T> => ({ ok: false, error });

/** A create body: every required field, a known blueprint and provider, variants and uploads of it. */
export function checkCreate(
  body: Json,
  uploads: Map<string, Upload>,
): Checked<ProductInput & { blueprint: Blueprint }> {
  for (const field of [
    'title',
    'description',
    'blueprint_id',
    'print_provider_id',
    'variants',
    'print_areas',
  ]) {
    const value = body[field];
    if (
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
    ) {
      return refuse(required(field));
    }
  }
  if (!isInteger(body.blueprint_id)) return refuse(mustBe('blueprint_id', 'an integer'));
  if (!isInteger(body.print_provider_id)) return refuse(mustBe('print_provider_id', 'an integer'));
  const blueprint = findBlueprint(body.blueprint_id, body.print_provider_id);
  if (!blueprint) {
    return refuse(
      validationError(
        'print_provider_id',
        `Print provider #${body.print_provider_id} does not offer blueprint #${body.blueprint_id}.`,
      ),
    );
  }
  const checked = checkFields(body, blueprint, uploads);
  return checked.ok ? { ok: true, value: { ...checked.value, blueprint } } : checked;
}

/** An update body: only what is present is checked; print areas must cover every variant (8251). */
export function checkUpdate(
  body: Json,
  blueprint: Blueprint,
  uploads: Map<string, Upload>,
): Checked<ProductInput> {
  const mismatch = () =>
    refuse<ProductInput>(
      businessError(
        8251,
        'Validation failed.',
        'Variants do not match selected blueprint and print provider. The print areas must list every variant of the product.',
      ),
    );
  // Variants of another blueprint (the body of a product made from a changed template) do not
  // match the product's, whose blueprint an update cannot change.
  const known = new Set(blueprint.variants.map((variant) => variant.id));
  const sentIds = [
    ...(Array.isArray(body.variants)
      ? body.variants.map((variant) => (isObject(variant) ? variant.id : undefined))
      : []),
    ...(Array.isArray(body.print_areas)
      ? body.print_areas.flatMap((area) =>
          isObject(area) && Array.isArray(area.variant_ids) ? area.variant_ids : [],
        )
      : []),
  ];
  if (sentIds.some((id) => isInteger(id) && !known.has(id))) return mismatch();
  const checked = checkFields(body, blueprint, uploads);
  if (!checked.ok || !checked.value.print_areas) return checked;
  const covered = new Set(checked.value.print_areas.flatMap((area) => area.variant_ids));
  if (blueprint.variants.some((variant) => !covered.has(variant.id))) return mismatch();
  return checked;
}

function checkFields(body: Json, blueprint: Blueprint, uploads: Map<string, Upload>): Checked<ProductInput> {
  const input: ProductInput = {};
  for (const field of ['title', 'description'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return refuse(mustBe(field, 'a string'));
    if (value.trim() === '') return refuse(required(field));
    input[field] = value;
  }
  if (input.title !== undefined && input.title.length > 255) {
    return refuse(validationError('title', 'The title may not be greater than 255 characters.'));
  }
  if (input.title !== undefined && hasExcessiveCaps(input.title)) {
    return refuse(
      businessError(61003, 'Product is invalid.', 'Product is invalid. Title contains excessive caps.'),
    );
  }
  if (body.tags !== undefined) {
    if (!Array.isArray(body.tags)) return refuse(mustBe('tags', 'an array'));
    const at = body.tags.findIndex((tag) => typeof tag !== 'string');
    if (at >= 0) return refuse(mustBe(`tags.${at}`, 'a string'));
    input.tags = body.tags as string[];
  }
  if (body.visible !== undefined) {
    if (typeof body.visible !== 'boolean') return refuse(mustBe('visible', 'true or false'));
    input.visible = body.visible;
  }
  if (body.print_details !== undefined) {
    if (!isObject(body.print_details)) return refuse(mustBe('print_details', 'an object'));
    input.print_details = body.print_details;
  }
  if (body.variants !== undefined) {
    const variants = checkVariants(body.variants, blueprint);
    if (!variants.ok) return variants;
    input.variants = variants.value;
  }
  if (body.print_areas !== undefined) {
    const areas = checkPrintAreas(body.print_areas, blueprint, uploads);
    if (!areas.ok) return areas;
    input.print_areas = areas.value;
  }
  return { ok: true, value: input };
}

/** Checks each object of a required, non-empty list; the first refusal stops. */
function eachEntry<T>(
  list: unknown,
  path: string,
  check: (entry: Json, at: string) => Checked<T>,
): Checked<T[]> {
  if (!Array.isArray(list) || list.length === 0) return refuse(required(path));
  const checked: T[] = [];
  for (const [i, entry] of list.entries()) {
    if (!isObject(entry)) return refuse(mustBe(`${path}.${i}`, 'an object'));
    const one = check(entry, `${path}.${i}`);
    if (!one.ok) return one;
    checked.push(one.value);
  }
  return { ok: true, value: checked };
}

function checkVariants(variants: unknown, blueprint: Blueprint): Checked<VariantInput[]> {
  const known = new Set(blueprint.variants.map((variant) => variant.id));
  return eachEntry(variants, 'variants', (variant, at) => {
    if (variant.id === undefined) return refuse(required(`${at}.id`));
    if (!isInteger(variant.id) || !known.has(variant.id)) return refuse(invalidChoice(`${at}.id`));
    if (variant.price === undefined || variant.price === null) return refuse(required(`${at}.price`));
    if (!isInteger(variant.price) || variant.price < 0) {
      return refuse(mustBe(`${at}.price`, 'an integer of at least 0'));
    }
    if (variant.is_enabled !== undefined && typeof variant.is_enabled !== 'boolean') {
      return refuse(mustBe(`${at}.is_enabled`, 'true or false'));
    }
    return { ok: true, value: { id: variant.id, price: variant.price, is_enabled: variant.is_enabled } };
  });
}

type Placement = PrintAreaInput['placeholders'][number]['images'][number];

function checkPrintAreas(
  areas: unknown,
  blueprint: Blueprint,
  uploads: Map<string, Upload>,
): Checked<PrintAreaInput[]> {
  const known = new Set(blueprint.variants.map((variant) => variant.id));
  const checkImage = (image: Json, at: string): Checked<Placement> => {
    if (typeof image.id !== 'string') return refuse(required(`${at}.id`));
    if (!uploads.has(image.id)) return refuse(invalidChoice(`${at}.id`));
    for (const field of ['x', 'y', 'scale', 'angle']) {
      if (image[field] === undefined) return refuse(required(`${at}.${field}`));
      if (!isNumber(image[field])) return refuse(mustBe(`${at}.${field}`, 'a number'));
    }
    const { id, x, y, scale, angle } = image as Placement;
    return { ok: true, value: { id, x, y, scale, angle } };
  };
  return eachEntry(areas, 'print_areas', (area, at) => {
    const ids = area.variant_ids;
    if (!Array.isArray(ids) || ids.length === 0) return refuse(required(`${at}.variant_ids`));
    const foreign = ids.findIndex((id) => !isInteger(id) || !known.has(id));
    if (foreign >= 0) return refuse(invalidChoice(`${at}.variant_ids.${foreign}`));
    const placeholders = eachEntry<PrintAreaInput['placeholders'][number]>(
      area.placeholders,
      `${at}.placeholders`,
      (placeholder, where) => {
        const position = placeholder.position;
        if (typeof position !== 'string') return refuse(required(`${where}.position`));
        if (!(position in blueprint.placeholders)) return refuse(invalidChoice(`${where}.position`));
        if (!Array.isArray(placeholder.images)) return refuse(required(`${where}.images`));
        // An empty image list is allowed: it leaves that side blank.
        if (placeholder.images.length === 0) return { ok: true, value: { position, images: [] } };
        const images = eachEntry(placeholder.images, `${where}.images`, checkImage);
        return images.ok ? { ok: true, value: { position, images: images.value } } : images;
      },
    );
    if (!placeholders.ok) return placeholders;
    const background = typeof area.background === 'string' ? area.background : undefined;
    return {
      ok: true,
      value: { variant_ids: ids as number[], placeholders: placeholders.value, background },
    };
  });
}

export type UploadInput = { file_name: string; contents: string } | { file_name: string; url: string };

/**
 * The largest file taken as base64 `contents`: Printify's docs recommend URL uploads for large
 * files, base64 being practical up to about 5 MB (printify.md "Upload image").
 */
export const base64MaxBytes = 5 * 1024 * 1024;

/** The bytes base64 text stands for, without decoding it. */
const decodedLength = (base64: string) => {
  const text = base64.replace(/[\r\n]/g, '');
  return Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
};

/**
 * Whether Printify, on the internet, could not reach `url`: localhost names, single-label and
 * .local names, loopback, private, link-local and unspecified addresses.
 */
export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  const host = parsed.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.includes(':')) return host === '::' || host === '::1' || /^(fc|fd|fe[89ab])/.test(host);
  const octets = host.split('.').map(Number);
  if (octets.length === 4 && octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255)) {
    const [a = 0, b = 0] = octets;
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return !host.includes('.');
}

/** An upload body: a file name and either base64 `contents` or a `url`. */
export function checkUpload(body: Json): Checked<UploadInput> {
  if (typeof body.file_name !== 'string' || body.file_name.trim() === '')
    return refuse(required('file_name'));
  if (typeof body.contents === 'string' && body.contents !== '') {
    if (!/^[A-Za-z0-9+/\r\n]+={0,2}$/.test(body.contents)) {
      return refuse(
        validationError('contents', 'The contents must be a base64 string without a data: prefix.'),
      );
    }
    if (decodedLength(body.contents) > base64MaxBytes) {
      return refuse({
        status: 413,
        body: { error: 'The contents may not be greater than 5 MB: upload larger files by url.' },
      });
    }
    return { ok: true, value: { file_name: body.file_name, contents: body.contents } };
  }
  if (typeof body.url === 'string' && body.url !== '') {
    if (!/^https?:\/\//i.test(body.url)) return refuse(validationError('url', 'The url format is invalid.'));
    return { ok: true, value: { file_name: body.file_name, url: body.url } };
  }
  return refuse(validationError('contents', 'The contents field is required when url is not present.'));
}

/** The body of publishing_succeeded: `{external: {id, handle}}`. */
export function checkExternal(body: Json): Checked<{ id: string; handle: string }> {
  const external = body.external;
  if (!isObject(external)) return refuse(required('external'));
  if (typeof external.id !== 'string' || external.id === '') return refuse(required('external.id'));
  if (typeof external.handle !== 'string' || external.handle === '')
    return refuse(required('external.handle'));
  return { ok: true, value: { id: external.id, handle: external.handle } };
}
