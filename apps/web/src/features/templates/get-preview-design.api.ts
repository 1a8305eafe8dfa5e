import { useQuery } from '@tanstack/react-query';
import type { DesignLineItem } from '@podflow/contract/designs';
import { designsQuery } from '../../api/get-designs.api';

/**
 * The design to preview in the print area: the workspace's first, or null when it has none. Read
 * from the designs list (its cache is shared with the designs screen). No timed refresh here: a new
 * signed link would blank the artwork while it reloads, in the middle of the seller's placing.
 */
export function usePreviewDesign(workspaceId: string) {
  return useQuery({
    ...designsQuery(workspaceId),
    refetchInterval: false,
    select: (designs): DesignLineItem | null => designs[0] ?? null,
  });
}
