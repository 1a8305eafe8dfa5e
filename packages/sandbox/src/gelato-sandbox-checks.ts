import { download, sniffImage } from './sandbox-kit.ts';

/**
 * What the Gelato sandbox refuses in a create-from-template body (docs: providers/gelato.md):
 * missing templateId, title or description, more than 13 tags, variants or placeholder names the
 * template does not have. Print files are fetched only after the create is accepted: one that is
 * not a downloadable JPG, PNG or PDF file fails the product later, as a publishing error.
 * Errors are `{"message": "..."}` as Gelato's samples show.
 */

export type Json = Record<string, unknown>;
export type GelatoError = { status: number; body: { message: string } };

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const problem = (status: number, message: string): GelatoError => ({ status, body: { message } });

export type TemplateVariant = {
  id: string;
  title: string;
  productUid: string;
  variantOptions: { name: string; value: string }[];
  imagePlaceholders: { name: string; printArea: string; height: number; width: number }[];
};

export type PlaceholderInput = { name: string; fileUrl: string; fitMethod: 'slice' | 'meet' };
export type VariantInput = {
  templateVariantId: string;
  position: number;
  imagePlaceholders: PlaceholderInput[];
};

export type CreateInput = {
  templateId: string;
  title: string;
  description: string;
  tags: string[];
  isVisibleInTheOnlineStore: boolean;
  salesChannels: string[];
  variants: VariantInput[];
  productType?: string;
  vendor?: string;
};

type Checked<T> = { ok: true; value: T } | { ok: false; error: GelatoError };
const refuse = <T>(message: string): Checked<T> => ({ ok: false, error: problem(400, message) });

/** The body's fields, before the template is looked up (an unknown template is a 404 later). */
export function checkCreate(body: Json): Checked<CreateInput> {
  for (const field of ['templateId', 'title', 'description']) {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '')
      return refuse(`${field} is required and must be a string.`);
  }
  const tags = body.tags ?? [];
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) {
    return refuse('tags must be an array of strings.');
  }
  if (tags.length > 13) return refuse(`tags must contain at most 13 items; got ${tags.length}.`);
  const longTag = tags.find((tag: string) => tag.length > 255);
  if (longTag !== undefined)
    return refuse(`Each tag must be at most 255 characters: "${longTag.slice(0, 40)}...".`);
  const visible = body.isVisibleInTheOnlineStore ?? false;
  if (typeof visible !== 'boolean') return refuse('isVisibleInTheOnlineStore must be a boolean.');
  const channels = body.salesChannels ?? ['web'];
  if (!Array.isArray(channels) || channels.some((channel) => channel !== 'web' && channel !== 'global')) {
    return refuse('salesChannels must be an array of "web" or "global".');
  }
  for (const field of ['productType', 'vendor']) {
    if (body[field] !== undefined && typeof body[field] !== 'string')
      return refuse(`${field} must be a string.`);
  }
  const variants = checkVariantShapes(body.variants);
  if (!variants.ok) return variants;
  return {
    ok: true,
    value: {
      templateId: String(body.templateId),
      title: String(body.title),
      description: String(body.description),
      tags: tags as string[],
      isVisibleInTheOnlineStore: visible,
      salesChannels: channels as string[],
      variants: variants.value,
      ...(typeof body.productType === 'string' ? { productType: body.productType } : {}),
      ...(typeof body.vendor === 'string' ? { vendor: body.vendor } : {}),
    },
  };
}

function checkVariantShapes(variants: unknown): Checked<VariantInput[]> {
  if (variants === undefined) return { ok: true, value: [] };
  if (!Array.isArray(variants)) return refuse('variants must be an array.');
  const checked: VariantInput[] = [];
  for (const [i, variant] of variants.entries()) {
    const at = `variants[${i}]`;
    if (!isObject(variant) || typeof variant.templateVariantId !== 'string') {
      return refuse(`${at}.templateVariantId is required.`);
    }
    const position = variant.position ?? 0;
    if (!Number.isInteger(position)) return refuse(`${at}.position must be an integer.`);
    const placeholders = variant.imagePlaceholders ?? [];
    if (!Array.isArray(placeholders)) return refuse(`${at}.imagePlaceholders must be an array.`);
    const images: PlaceholderInput[] = [];
    for (const [j, placeholder] of placeholders.entries()) {
      const where = `${at}.imagePlaceholders[${j}]`;
      if (!isObject(placeholder) || typeof placeholder.name !== 'string')
        return refuse(`${where}.name is required.`);
      const { fileUrl, fitMethod = 'slice' } = placeholder;
      if (typeof fileUrl !== 'string' || !/^https?:\/\/[^/\s]+/i.test(fileUrl)) {
        return refuse(`${where}.fileUrl must be an http(s) URL.`);
      }
      if (fitMethod !== 'slice' && fitMethod !== 'meet')
        return refuse(`${where}.fitMethod must be "slice" or "meet".`);
      images.push({ name: placeholder.name, fileUrl, fitMethod });
    }
    checked.push({
      templateVariantId: variant.templateVariantId,
      position: Number(position),
      imagePlaceholders: images,
    });
  }
  return { ok: true, value: checked };
}

/** Every variant and placeholder name must be the template's. */
export function checkAgainstTemplate(
  variants: VariantInput[],
  templateVariants: TemplateVariant[],
): GelatoError | undefined {
  for (const [i, variant] of variants.entries()) {
    const match = templateVariants.find((candidate) => candidate.id === variant.templateVariantId);
    if (!match) {
      return problem(
        400,
        `variants[${i}].templateVariantId "${variant.templateVariantId}" is not a variant of this template.`,
      );
    }
    const names = match.imagePlaceholders.map((placeholder) => placeholder.name);
    const stranger = variant.imagePlaceholders.findIndex((placeholder) => !names.includes(placeholder.name));
    if (stranger >= 0) {
      const name = variant.imagePlaceholders[stranger]?.name;
      return problem(
        400,
        `variants[${i}].imagePlaceholders[${stranger}].name "${name}" does not match a placeholder of template variant "${match.title}" (${names.join(', ')}).`,
      );
    }
  }
  return undefined;
}

/**
 * Downloads each distinct fileUrl once, as Gelato does after accepting a create, and says why the
 * first one that is not a downloadable JPG, PNG or PDF file cannot be printed.
 */
export async function fileProblem(variants: VariantInput[]): Promise<string | undefined> {
  const urls = [...new Set(variants.flatMap((variant) => variant.imagePlaceholders.map((p) => p.fileUrl)))];
  const problems = await Promise.all(
    urls.map(async (url) => {
      const fetched = await download(url);
      if ('error' in fetched) return `Could not download the file at fileUrl "${url}": ${fetched.error}.`;
      return sniffImage(fetched.bytes)
        ? undefined
        : `The file at fileUrl "${url}" is not a JPG, PNG or PDF file.`;
    }),
  );
  return problems.find((found) => found !== undefined);
}
