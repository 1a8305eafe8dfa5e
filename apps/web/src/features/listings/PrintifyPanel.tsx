import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCreatePrintifyListings } from './create-listings.api';
import { listingsText as text, providerNames } from './listings-messages';
import { ProviderPanel, type PanelProps } from './ProviderPanel';
import { useSingleFlight } from './single-flight';
import { useConnection } from './store-connection.api';

/**
 * Printify: connect a shop and template product (step 1), then create the listings (step 2),
 * published to the shop's sales channel or not. The run goes on in the background.
 */
export function PrintifyPanel(props: PanelProps) {
  const { workspaceId, latest } = props;
  const create = useCreatePrintifyListings(workspaceId);
  const flight = useSingleFlight();
  const connection = useConnection(workspaceId, 'printify').data;
  // The seller's own choice, per shop; until then the shop decides (on when it sells on a store).
  const [chosen, setChosen] = useState<{ shopId: string; publish: boolean } | null>(null);
  const shopId = connection?.shop_id ?? '';
  const publish =
    chosen && chosen.shopId === shopId ? chosen.publish : Boolean(connection?.publishes_to_store);
  const channel = connection?.sales_channel ?? '';

  const start = () =>
    flight((done) =>
      create.mutate(publish, {
        onSettled: done,
        onSuccess: (reply) => notifySuccess(reply.message),
        onError: (error) => {
          // 409 (a server from before runs were answered): a run is going on, maybe from another tab: show it.
          if (error instanceof ApiError && error.status === 409) {
            void latest.query.refetch();
            return;
          }
          notifyError(failureText(error, text.createFailed(providerNames.printify)));
        },
      }),
    );

  return (
    <ProviderPanel
      {...props}
      provider="printify"
      sending={create.isPending}
      onCreate={start}
      option={
        <Checkbox
          label={text.publish}
          description={publish ? text.publishOnHint(channel) : text.publishOffHint(channel)}
          checked={publish}
          // Not before the saved shop is known: its channel decides the default.
          disabled={!connection || create.isPending || latest.active}
          onChange={(event) => setChosen({ shopId, publish: event.currentTarget.checked })}
        />
      }
    />
  );
}
