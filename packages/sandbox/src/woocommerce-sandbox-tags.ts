import { type Checked, type ListQuery, wooError } from './woocommerce-sandbox-checks.ts';
import { type WooTag, pageOf, slugify, termName, uniqueSlug } from './woocommerce-sandbox-types.ts';

/** The WooCommerce sandbox's product tags (the product_tag taxonomy), created as wp_insert_term does. */

type TagRecord = { id: number; name: string; slug: string; description: string };

export type TagStore = ReturnType<typeof createTagStore>;

/** Tags; `countOf` says how many published products carry one. */
export function createTagStore(countOf: (tagId: number) => number) {
  // Term ids have their own sequence; 15 is the default product category's.
  let nextTermId = 16;
  const tags = new Map<number, TagRecord>();
  const show = (tag: TagRecord): WooTag => ({ ...tag, count: countOf(tag.id) });
  const taken = (slug: string) => [...tags.values()].some((tag) => tag.slug === slug);

  /**
   * wp_insert_term: a name that exists (any case, once sanitized) is term_exists; a slug asked for
   * and taken is refused; otherwise the slug is made unique.
   */
  function create(input: { name: string; slug?: string; description?: string }): Checked<WooTag> {
    const name = termName(input.name);
    if (name === '') {
      return { ok: false, error: wooError(400, 'empty_term_name', 'A name is required for this term.') };
    }
    const existing = [...tags.values()].find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      const message = 'A term with the name provided already exists in this taxonomy.';
      return { ok: false, error: wooError(400, 'term_exists', message, { resource_id: existing.id }) };
    }
    if (input.slug && taken(slugify(input.slug))) {
      const message = `The slug \u201c${slugify(input.slug)}\u201d is already in use by another term.`;
      return { ok: false, error: wooError(400, 'duplicate_term_slug', message) };
    }
    const slug = uniqueSlug(slugify(input.slug || name) || String(nextTermId), taken);
    const tag = { id: nextTermId++, name, slug, description: input.description ?? '' };
    tags.set(tag.id, tag);
    return { ok: true, value: show(tag) };
  }

  return {
    create,

    get: (id: number): WooTag | undefined => {
      const tag = tags.get(id);
      return tag && show(tag);
    },

    has: (id: number) => tags.has(id),

    /** The tag's id for a name, created if no tag has that name (any case). */
    idFor(name: string): number {
      const made = create({ name });
      return made.ok ? made.value.id : Number(made.error.body.data.resource_id);
    },

    list(query: ListQuery): { items: WooTag[]; total: number } {
      const search = query.search?.toLowerCase();
      const found = [...tags.values()].filter(
        (tag) =>
          (!query.include || query.include.includes(tag.id)) &&
          (query.slug === undefined || slugify(query.slug) === tag.slug) &&
          (!search || tag.name.toLowerCase().includes(search) || tag.slug.includes(search)),
      );
      const { page, total } = pageOf(found, query, (tag) => {
        if (query.orderby === 'name') return tag.name.toLowerCase();
        if (query.orderby === 'slug') return tag.slug;
        if (query.orderby === 'description') return tag.description;
        if (query.orderby === 'count') return countOf(tag.id);
        return tag.id;
      });
      return { items: page.map(show), total };
    },
  };
}
