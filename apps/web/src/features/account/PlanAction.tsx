import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Plan } from '@podflow/contract/plans';
import { DisabledSubscribeButton } from '../../ui/PlanCard';
import type { PlanOffer } from './plan-offer';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A date the server sent as ISO text, as people read it (March 4, 2026). */
function longDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

interface PlanActionProps {
  plan: Plan;
  offer: PlanOffer;
  /** This card's checkout is being opened. */
  loading: boolean;
  /** Another call is out (a checkout or the billing portal): no second one meanwhile. */
  busy: boolean;
  /** Why this card's last Subscribe did not open checkout (a refused coupon, a failure). */
  failure?: string | null;
  onSubscribe: (priceId: string | null) => void;
}

/** Under the card's 'Current Subscription' label: when a paid plan renews or ends, and a failed payment. */
function CurrentPlanStatus({ offer }: { offer: Extract<PlanOffer, { kind: 'current' }> }) {
  const { subscription } = offer;
  const end = subscription.current_period_end;
  if (subscription.plan === 'starter') return null;
  return (
    <Stack gap={2} align="center">
      {subscription.status === 'past_due' ? (
        <Group gap={4} justify="center" wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
          <Text fz="sm" fw={600} c="red.8">
            Last payment failed
          </Text>
        </Group>
      ) : null}
      {subscription.cancel_at_period_end && end ? (
        <Text fz="sm" fw={600} c="orange.9">
          Ends on {longDate(end)}
        </Text>
      ) : end ? (
        <Text fz="sm" c="dimmed">
          Renews on {longDate(end)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The foot of a plan card on the account page: Subscribe, why not, or where the plan stands. */
export function PlanAction({ plan, offer, loading, busy, failure = null, onSubscribe }: PlanActionProps) {
  const label = `Subscribe to ${plan.name}`;
  switch (offer.kind) {
    case 'loading':
      return <Skeleton h={36} radius="md" />;
    case 'none':
      return null;
    case 'subscribe':
      return (
        <Stack gap={6}>
          <Button
            fullWidth
            aria-label={label}
            variant={plan.popular ? 'filled' : 'light'}
            loading={loading}
            disabled={busy && !loading}
            onClick={() => onSubscribe(offer.priceId)}
          >
            Subscribe
          </Button>
          {failure ? (
            <Text fz="sm" c="red.8" ta="center" role="alert">
              {failure}
            </Text>
          ) : null}
        </Stack>
      );
    case 'unavailable':
      return <DisabledSubscribeButton label={label} reason={offer.reason} />;
    case 'current':
      return <CurrentPlanStatus offer={offer} />;
    case 'note':
      return (
        <Text fz="sm" c="dimmed" ta="center">
          {offer.text}
        </Text>
      );
  }
}
