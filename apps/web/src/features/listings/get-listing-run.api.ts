import { queryOptions, useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ListingProvider, ListingRun } from '@podflow/contract/listings';
import { api } from '../../api/client';
import { designsQuery } from '../../api/get-designs.api';
import { isRunActive } from '../../ui/run-state';

/** How often the latest run is polled while it is under way. */
export const listingRunPollMs = 1_000;

/** GET /listings_app/listing_run/?workspace_id=&provider=: the workspace's latest run on a provider. */
export function listingRunQuery(workspaceId: string, provider: ListingProvider) {
  return queryOptions({
    queryKey: ['listings', workspaceId, 'run', provider],
    queryFn: async ({ signal }) => {
      const reply = await api.get<{ run: ListingRun | null }>('/listings_app/listing_run/', {
        query: { workspace_id: workspaceId, provider },
        signal,
      });
      return reply.run;
    },
    staleTime: 0,
  });
}

/** The key of a provider's create-listings call, so the run knows one is being sent. */
export function createListingsKey(workspaceId: string, provider: ListingProvider) {
  return ['listings', workspaceId, 'create', provider] as const;
}

/**
 * The latest run on a provider, polled every second while it runs or while a create call is out
 * (Gelato's answers only when its run is over). While that call is out, the run that was there
 * before it is not shown as if it were the new one. When the run ends the designs reload, for
 * their new product ids.
 */
export function useListingRun(workspaceId: string, provider: ListingProvider) {
  const queryClient = useQueryClient();
  const creating = useIsMutating({ mutationKey: createListingsKey(workspaceId, provider) }) > 0;
  const query = useQuery({
    ...listingRunQuery(workspaceId, provider),
    refetchInterval: (current) => (creating || isRunActive(current.state.data) ? listingRunPollMs : false),
  });

  // The run on screen when a create call went out: until another one shows up, it is the old one.
  const [before, setBefore] = useState({ creating, runId: null as string | null });
  if (before.creating !== creating)
    setBefore({ creating, runId: creating ? (query.data?.id ?? null) : null });
  const data = query.data ?? null;
  const run = creating && data?.id === before.runId ? null : data;

  const active = creating || isRunActive(data);
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active)
      void queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey });
    wasActive.current = active;
  }, [active, queryClient, workspaceId]);

  return { run, creating, active: creating || isRunActive(run), query };
}
