import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { failureText, unreachableText } from '../../api/failure-text';
import { notifySuccess } from '../../ui/notify';
import { useCreateGelatoListings } from './create-listings.api';
import { listingsText as text } from './listings-messages';
import { ProviderPanel, type PanelProps } from './ProviderPanel';
import { useSingleFlight } from './single-flight';

/** What the last Create Gelato listings said: the products made, or why it failed. */
type Outcome = { created: string[] } | { failure: string };

/**
 * Gelato: connect a store and template (step 1), then create the listings (step 2). The call
 * answers when the run is over; the run is polled meanwhile.
 */
export function GelatoPanel(props: PanelProps) {
  const { workspaceId } = props;
  const create = useCreateGelatoListings(workspaceId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const flight = useSingleFlight();
  const start = () =>
    flight((done) => {
      setOutcome(null);
      create.mutate(undefined, {
        onSettled: done,
        onSuccess: (reply) => {
          notifySuccess(reply.message);
          setOutcome({ created: reply.created_product_ids });
        },
        onError: (error) => {
          // SPEC.md section 8: a refusal and a call that got no answer have their own alerts.
          if (error instanceof ApiError && error.status > 0) {
            window.alert(text.gelatoListingsFailed);
            setOutcome({ failure: failureText(error, text.gelatoListingsFailed) });
          } else {
            console.error('Error creating Gelato listings:', error);
            window.alert(text.gelatoListingsFailedConsole);
            // SPEC's sentence, and beside it what happened: never the console alone.
            setOutcome({
              failure: `${text.gelatoListingsFailedConsole} ${failureText(error, unreachableText)}`,
            });
          }
        },
      });
    });

  return (
    <ProviderPanel {...props} provider="gelato" sending={create.isPending} onCreate={start}>
      {outcome && 'failure' in outcome ? (
        <Alert color="red" variant="light" role="alert" title={text.gelatoListingsFailed}>
          {outcome.failure === text.gelatoListingsFailed ? null : <Text fz="sm">{outcome.failure}</Text>}
        </Alert>
      ) : null}
      {outcome && 'created' in outcome && outcome.created.length ? (
        <Alert color="green" variant="light" role="status" title={text.createdIds(outcome.created.length)}>
          <Text fz="xs" ff="monospace" lineClamp={4} data-testid="gelato-created-ids">
            {outcome.created.join(', ')}
          </Text>
        </Alert>
      ) : null}
    </ProviderPanel>
  );
}
