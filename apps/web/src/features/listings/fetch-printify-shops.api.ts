import { useMutation } from '@tanstack/react-query';
import type { PrintifyShop } from '@podflow/contract/listings';
import { api } from '../../api/client';

/**
 * POST /printify_app/fetch_printify_shopIDs/: the shops a Printify API key opens. The saved key's
 * masked form stands for the saved key.
 */
export function fetchPrintifyShops(workspaceId: string, apiKey: string): Promise<{ shops: PrintifyShop[] }> {
  return api.post<{ shops: PrintifyShop[] }>('/printify_app/fetch_printify_shopIDs/', {
    apiKey,
    workspace_id: workspaceId,
  });
}

/** Fetching the shops of a key, as a mutation (the seller presses Fetch Shops). */
export function useFetchPrintifyShops(workspaceId: string) {
  return useMutation({ mutationFn: (apiKey: string) => fetchPrintifyShops(workspaceId, apiKey) });
}
