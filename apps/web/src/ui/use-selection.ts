import { useCallback, useMemo, useState } from 'react';

/** The set with `id` added, or taken out when it was in. */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The checked items of a list, by id. Only ids still in `ids` count as selected, so an item that
 * leaves the list (deleted, refetched away) drops out of the selection by itself.
 */
export function useSelection(ids: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => ids.filter((id) => picked.has(id)), [ids, picked]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const allSelected = ids.length > 0 && selected.length === ids.length;

  const toggle = useCallback((id: string) => setPicked((current) => toggled(current, id)), []);
  /** Checks or unchecks some items at once. */
  const setSome = useCallback((some: readonly string[], select: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      for (const id of some) {
        if (select) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const toggleAll = () => setPicked(allSelected ? new Set() : new Set(ids));
  const clear = useCallback(() => setPicked(new Set()), []);

  return { selected, selectedSet, allSelected, toggle, setSome, toggleAll, clear };
}
