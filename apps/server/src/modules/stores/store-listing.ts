import { escapeHtml } from '../../platform/http/html.ts';
import { listingTextOf } from '../listings/listing-text.ts';

/** What a store product should say after a sync: the design's metadata in the store's fields. */
export type StoreListing = {
  title: string;
  /** The description as safe HTML: the seller's text escaped, blank lines making paragraphs. */
  descriptionHtml: string;
  tags: string[];
  /** Search engine title (≤ 70) and description (≤ 320, plain text), as stores advise. */
  seo: { title: string; description: string };
};

/** Plain text as HTML paragraphs: nothing the seller typed can become markup. */
export function htmlOfText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\s*\n\s*/g, '<br>')}</p>`)
    .join('');
}

/** Cuts at a word boundary so the result has at most `max` characters. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function storeListingOf(design: Parameters<typeof listingTextOf>[0]): StoreListing {
  const text = listingTextOf(design);
  const flat = text.description.replace(/\s+/g, ' ').trim();
  return {
    title: text.title,
    descriptionHtml: htmlOfText(text.description),
    tags: text.tags,
    seo: { title: clip(text.title, 70), description: clip(flat, 320) },
  };
}

/** Tags compare as stores keep them: case and order do not matter. */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  const norm = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()))].sort();
  return norm(a).join('\n') === norm(b).join('\n');
}
