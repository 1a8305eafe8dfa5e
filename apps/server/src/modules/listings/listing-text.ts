import { splitKeywords } from '@podflow/contract/metadata';
import type { DesignRow } from '../designs/designs.repo.ts';

type DesignText = Pick<DesignRow, 'file_name' | 'product_title' | 'product_description' | 'seo_keywords'>;

/**
 * A design's listing text, the same on every provider and store: what the seller saved, or its
 * file name as the title when there is none yet, and at most 13 tags.
 */
export function listingTextOf(design: DesignText): { title: string; description: string; tags: string[] } {
  const fallback =
    design.file_name
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[-_]+/g, ' ')
      .trim() || 'Design';
  const title = design.product_title.trim() || fallback;
  return {
    title,
    description: design.product_description.trim() || title,
    tags: splitKeywords(design.seo_keywords).slice(0, 13),
  };
}
