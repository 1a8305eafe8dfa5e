import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { MetadataRow, SaveMetadataResponse } from '@podflow/contract/metadata';
import { api } from '../../api/client';
import { designsQuery } from '../../api/get-designs.api';
import { metadataForm } from './metadata-form';

/** POST /workspace/save_metadata/: saves the metadata of every design sent, warning about store limits. */
export function saveMetadata(rows: readonly MetadataRow[]): Promise<SaveMetadataResponse> {
  return api.post<SaveMetadataResponse>('/workspace/save_metadata/', metadataForm(rows));
}

/** A design with the metadata of its row; the same object when nothing differs (rows keep their memo). */
function withRow(design: DesignLineItem, row: MetadataRow | undefined): DesignLineItem {
  if (
    !row ||
    (row.product_title === design.product_title &&
      row.seo_keywords === design.seo_keywords &&
      row.product_description === design.product_description)
  )
    return design;
  const { product_title, seo_keywords, product_description } = row;
  return { ...design, product_title, seo_keywords, product_description };
}

/**
 * Saving as a mutation: once the server has it, `onSaved` hears what was sent (before the cache
 * changes, so edits typed meanwhile can be kept), the cached designs hold it (so the fields do not
 * flick back while the list reloads), then the list reloads for the server's text.
 */
export function useSaveMetadata(workspaceId: string, onSaved: (rows: readonly MetadataRow[]) => void) {
  const queryClient = useQueryClient();
  const { queryKey } = designsQuery(workspaceId);
  return useMutation({
    mutationFn: saveMetadata,
    onSuccess: async (_reply, rows) => {
      await queryClient.cancelQueries({ queryKey });
      onSaved(rows);
      const byId = new Map(rows.map((row) => [row.lineitem_id, row]));
      queryClient.setQueryData(queryKey, (designs) =>
        designs?.map((design) => withRow(design, byId.get(design.lineitem_id))),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
