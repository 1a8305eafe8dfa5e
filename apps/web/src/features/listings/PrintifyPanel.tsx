import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCreatePrintifyListings } from './create-listings.api';
import { listingsText as text, providerNames } from './listings-messages';
import { ProviderPanel, type PanelProps } from './ProviderPanel';

/**
 * Printify: connect a shop and template product (step 1), then create the listings (step 2),
 * published to the shop's sales channel or not. The run goes on in the background.
 */
export function PrintifyPanel(props: PanelProps) {
  const { workspaceId, latest } = props;
  const create = useCreatePrintifyListings(workspaceId);
  const [publish, setPublish] = useState(false);

  const start = () =>
    create.mutate(publish, {
      onSuccess: (reply) => notifySuccess(reply.message),
      onError: (error) => {
        notifyError(failureText(error, text.createFailed(providerNames.printify)));
        // 409: a run is going on (maybe from another tab): show it.
        if (error instanceof ApiError && error.status === 409) void latest.query.refetch();
      },
    });

  return (
    <ProviderPanel
      {...props}
      provider="printify"
      sending={create.isPending}
      onCreate={start}
      option={
        <Checkbox
          label={text.publish}
          description={text.publishHint}
          checked={publish}
          onChange={(event) => setPublish(event.currentTarget.checked)}
        />
      }
    />
  );
}
