import { Button, EmptyState, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { billingMessages, type CurrentSubscription } from '@podflow/contract/billing';
import { currentSubscriptionQuery } from '../../api/current-subscription.api';
import { useSession } from '../../api/session';

/** How often /success asks whether Stripe's webhook has changed the plan yet. */
export const activationPollMs = 1_500;
/** How long it keeps asking before it says the Account page will show the plan. */
export const activationWaitMs = 30_000;

const isPaid = (subscription: CurrentSubscription | undefined) =>
  subscription !== undefined && subscription.subscription_plan.plan !== 'starter';

/**
 * The plan changes when Stripe's webhook reaches the server, not when the browser comes back, so
 * this asks for the current subscription until it is a paid plan (or gives up after ~30 s).
 */
function useActivation(signedIn: boolean) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => setGaveUp(true), activationWaitMs);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
  const query = useQuery({
    ...currentSubscriptionQuery,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: (current) => (gaveUp || isPaid(current.state.data) ? false : activationPollMs),
  });
  const subscription = query.data;
  if (isPaid(subscription)) return { state: 'active', name: subscription?.subscription_plan.name } as const;
  return { state: gaveUp ? 'waiting' : 'activating', name: undefined } as const;
}

function ActivationStatus() {
  const { signedIn } = useSession();
  const activation = useActivation(signedIn);
  if (!signedIn) {
    return (
      <Text c="dimmed" ta="center" maw={440}>
        Thank you! Sign in to see your plan on your Account page.
      </Text>
    );
  }
  return (
    <Group gap="xs" justify="center" wrap="nowrap" role="status" aria-live="polite" maw={480}>
      {activation.state === 'active' ? (
        <>
          <ThemeIcon color="green" variant="light" radius="xl" size={24} aria-hidden>
            <IconCheck size={14} stroke={3} />
          </ThemeIcon>
          <Text fw={500}>Your {activation.name} plan is active.</Text>
        </>
      ) : activation.state === 'activating' ? (
        <>
          <Loader size="xs" aria-hidden />
          <Text c="dimmed">Activating your plan…</Text>
        </>
      ) : (
        <>
          <IconClockHour4
            size={20}
            color="var(--mantine-color-dimmed)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Text c="dimmed">
            Your payment went through. Activating the plan can take a minute; your Account page shows it as
            soon as it is ready.
          </Text>
        </>
      )}
    </Group>
  );
}

/** /success: Stripe's checkout came back paid; the plan follows when Stripe tells the server. */
export function PaymentSuccessPage() {
  return (
    <EmptyState mt={60} size="lg" variant="light" color="green" icon={<IconCircleCheck size={32} />}>
      <EmptyState.Title order={1}>{billingMessages.successTitle}</EmptyState.Title>
      <ActivationStatus />
      <EmptyState.Actions>
        <Button component={Link} to="/account">
          Your Account
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
