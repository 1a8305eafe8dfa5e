import type { DesignLineItem } from '@podflow/contract/designs';
import type { MetadataRow } from '@podflow/contract/metadata';

/** A design's three metadata fields, named as the server names them. */
export type MetadataValues = Omit<MetadataRow, 'lineitem_id'>;
export type MetadataField = keyof MetadataValues;

/** What is saved for a design. */
export function savedValues(design: DesignLineItem): MetadataValues {
  return {
    product_title: design.product_title,
    seo_keywords: design.seo_keywords,
    product_description: design.product_description,
  };
}

export function sameValues(a: MetadataValues, b: MetadataValues): boolean {
  return (
    a.product_title === b.product_title &&
    a.seo_keywords === b.seo_keywords &&
    a.product_description === b.product_description
  );
}

/** Unsaved edits of one design: what the fields hold, and the saved values they were made on. */
export interface Draft {
  values: MetadataValues;
  base: MetadataValues;
}

/** The values a design's fields show: its draft while that was made on what is saved now, else the saved ones. */
export function shownValues(draft: Draft | undefined, saved: MetadataValues): MetadataValues {
  return draft && sameValues(draft.base, saved) ? draft.values : saved;
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/**
 * The unsaved edits of a screen of designs, outside React state: a row subscribes to its own
 * draft and the page only to how many there are, so a keystroke re-renders one row, not the
 * table. A draft exists only while it differs from the saved values it was made on; when those
 * change under it (an AI run or an import wrote the design) the saved ones win.
 */
export function createDraftStore() {
  const drafts = new Map<string, Draft>();
  const rowListeners = new Map<string, Set<() => void>>();
  const listeners = new Set<() => void>();

  const changed = (ids: Iterable<string>) => {
    for (const id of ids) rowListeners.get(id)?.forEach((listener) => listener());
    listeners.forEach((listener) => listener());
  };

  return {
    /** The draft of a design (the same object until it changes). */
    draftOf: (id: string): Draft | undefined => drafts.get(id),
    /** How many designs have unsaved edits. */
    count: (): number => drafts.size,

    subscribeRow(id: string, listener: () => void): () => void {
      let set = rowListeners.get(id);
      if (!set) rowListeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) rowListeners.delete(id);
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** One field typed into; `saved` is what the design has saved now. */
    edit(id: string, saved: MetadataValues, field: MetadataField, value: string): void {
      const values = { ...shownValues(drafts.get(id), saved), [field]: value };
      if (sameValues(values, saved)) drafts.delete(id);
      else drafts.set(id, { values, base: saved });
      changed([id]);
    },

    /** What is in the fields of every design, in the order given: the rows to send. */
    rows(designs: readonly DesignLineItem[]): MetadataRow[] {
      return designs.map((design) => ({
        lineitem_id: design.lineitem_id,
        ...shownValues(drafts.get(design.lineitem_id), savedValues(design)),
      }));
    },

    /** The server saved `rows`: drafts that match are done, edits typed since are kept on top. */
    saved(rows: readonly MetadataRow[]): void {
      const touched: string[] = [];
      for (const { lineitem_id: id, ...values } of rows) {
        const draft = drafts.get(id);
        if (!draft) continue;
        if (sameValues(draft.values, values)) drafts.delete(id);
        else drafts.set(id, { values: draft.values, base: values });
        touched.push(id);
      }
      if (touched.length) changed(touched);
    },

    /** The designs were (re)loaded: drop drafts of designs that are gone or were rewritten meanwhile. */
    reconcile(designs: readonly DesignLineItem[]): void {
      const byId = new Map(designs.map((design) => [design.lineitem_id, design]));
      const dropped: string[] = [];
      for (const [id, draft] of drafts) {
        const design = byId.get(id);
        if (!design || !sameValues(draft.base, savedValues(design))) dropped.push(id);
      }
      for (const id of dropped) drafts.delete(id);
      if (dropped.length) changed(dropped);
    },
  };
}
