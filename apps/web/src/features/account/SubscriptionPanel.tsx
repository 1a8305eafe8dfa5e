import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { plans, type Plan, type PlanId } from '@podflow/contract/plans';
import { ApiError } from '../../api/client';
import { currentSubscriptionQuery, useCurrentSubscription } from '../../api/current-subscription.api';
import { failureText } from '../../api/failure-text';
import { useSession } from '../../api/session';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { PlanCard } from '../../ui/PlanCard';
import { useBillingPortal } from './billing-portal.api';
import { useCreateCheckoutSession } from './create-checkout-session.api';
import { PlanAction } from './PlanAction';
import { offerFor } from './plan-offer';
import { UsageBars } from './UsageBars';

const inclusions = 'Every plan includes bulk listings, bulk mockup generation and workflow automation.';

/** Under the Subscribe that was pressed when the coupon was refused (the reason is at the field). */
const couponRefused = 'The coupon code was not accepted: see the message at the coupon field above.';

/** Sends the browser to Stripe (checkout or billing portal). */
function leaveFor(url: string): void {
  window.location.assign(url);
}

function UsageSkeleton() {
  return (
    <SimpleGrid cols={3} spacing="xl" role="status" aria-label="Loading your subscription">
      {[0, 1, 2].map((index) => (
        <Stack key={index} gap={8}>
          <Skeleton h={14} w="70%" radius="sm" />
          <Skeleton h={10} radius="xl" />
          <Skeleton h={14} w="30%" radius="sm" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * Subscription (the default section of /account): usage against the plan, the plans of SPEC.md
 * section 9 with the current one labelled, Subscribe with an optional coupon (Stripe Checkout),
 * and Manage billing (Stripe's billing portal). The plan itself changes only through Stripe's webhook.
 */
export function SubscriptionPanel() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useCurrentSubscription({ enabled: signedIn });
  const checkout = useCreateCheckoutSession();
  const portal = useBillingPortal();
  const subscription = current.data;

  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Why the last Subscribe did not go to checkout, shown under that plan's button. */
  const [checkoutFailure, setCheckoutFailure] = useState<{ plan: PlanId; message: string } | null>(null);
  /** What the browser is on its way to: a plan's checkout or the billing portal. */
  const [leaving, setLeaving] = useState<PlanId | 'portal' | null>(null);
  const couponInput = useRef<HTMLInputElement>(null);
  const usageHeading = useId();
  const plansHeading = useId();

  // Back from Stripe, the browser may restore this page as it was left: loading, on its way out.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const failed = (error: unknown, fallback: string) => {
    setLeaving(null);
    if (error instanceof ApiError && error.status === 409) {
      // The plan changed since the page loaded (another tab, a webhook): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: currentSubscriptionQuery.queryKey });
    }
    setProblem(failureText(error, fallback));
  };

  const subscribe = (plan: Plan, priceId: string | null) => {
    if (!signedIn || !priceId) {
      void navigate('/login');
      return;
    }
    if (leaving) return;
    const couponCode = coupon.trim();
    setLeaving(plan.id);
    setProblem(null);
    setCheckoutFailure(null);
    setCouponError(null);
    checkout.mutate(
      { priceId, ...(couponCode ? { couponCode } : {}) },
      {
        onSuccess: (session) => leaveFor(session.url),
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.fields.couponCode : undefined;
          if (fieldError) {
            setLeaving(null);
            setCouponError(fieldError);
            setCheckoutFailure({ plan: plan.id, message: couponRefused });
            couponInput.current?.focus();
            return;
          }
          // The plan changed meanwhile: the cards change, so the page says it above them.
          if (error instanceof ApiError && error.status === 409) {
            failed(error, 'Checkout could not be opened. Try again.');
            return;
          }
          // Anything else is said under the button the seller pressed.
          setLeaving(null);
          setCheckoutFailure({
            plan: plan.id,
            message: failureText(error, 'Checkout could not be opened. Try again.'),
          });
        },
      },
    );
  };

  const manageBilling = () => {
    if (leaving) return;
    setLeaving('portal');
    setProblem(null);
    portal.mutate(undefined, {
      onSuccess: (reply) => leaveFor(reply.url),
      onError: (error) => failed(error, 'The billing portal could not be opened. Try again.'),
    });
  };

  const offers = plans.map((plan) => ({
    plan,
    offer: offerFor(plan, { signedIn, subscription, failed: current.isError }),
  }));
  const canCheckOut = signedIn && offers.some(({ offer }) => offer.kind === 'subscribe');
  const currentPlan = subscription?.subscription_plan;

  return (
    <Paper withBorder radius="md" p="xl">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="lg">
        <Stack gap={4}>
          <Title order={2} fz={20}>
            Subscription
          </Title>
          <Text c="dimmed" fz="sm">
            {currentPlan ? `You are on the ${currentPlan.name} plan. ${inclusions}` : inclusions}
          </Text>
        </Stack>
        {subscription?.portal_available ? (
          <Button
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            loading={leaving === 'portal'}
            disabled={leaving !== null && leaving !== 'portal'}
            onClick={manageBilling}
            style={{ flexShrink: 0 }}
          >
            Manage billing
          </Button>
        ) : null}
      </Group>

      <Stack gap="xl">
        {problem ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setProblem(null)}
          >
            {problem}
          </Alert>
        ) : null}

        {currentPlan?.status === 'past_due' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Your last payment failed"
          >
            Update your card in Manage billing to keep your {currentPlan.name} plan.
          </Alert>
        ) : null}

        {signedIn ? (
          <Box component="section" aria-labelledby={usageHeading}>
            <Title id={usageHeading} order={3} fz="md" mb="sm">
              Usage
            </Title>
            {subscription ? (
              <UsageBars usage={subscription.usage} />
            ) : current.isError ? (
              <LoadFailedAlert
                message={failureText(current.error, 'Your subscription could not be loaded.')}
                onRetry={() => void current.refetch()}
              />
            ) : (
              <UsageSkeleton />
            )}
          </Box>
        ) : null}

        <Box component="section" aria-labelledby={plansHeading}>
          <Group justify="space-between" align="flex-end" mb="md" gap="md" wrap="nowrap">
            <Stack gap={2}>
              <Title id={plansHeading} order={3} fz="md">
                Plans
              </Title>
              <Text c="dimmed" fz="sm">
                Prices in US dollars, billed monthly.
              </Text>
            </Stack>
            {canCheckOut ? (
              <TextInput
                ref={couponInput}
                label="Coupon code"
                placeholder="Optional"
                autoComplete="off"
                size="sm"
                w={280}
                style={{ flexShrink: 0 }}
                value={coupon}
                error={couponError}
                onChange={(event) => {
                  setCoupon(event.currentTarget.value);
                  setCouponError(null);
                  setCheckoutFailure(null);
                }}
              />
            ) : null}
          </Group>
          <SimpleGrid cols={3} spacing="lg">
            {offers.map(({ plan, offer }) => {
              const isCurrent = offer.kind === 'current';
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  current={isCurrent}
                  highlighted={currentPlan ? isCurrent : plan.popular}
                  action={
                    <PlanAction
                      plan={plan}
                      offer={offer}
                      loading={leaving === plan.id}
                      busy={leaving !== null}
                      failure={checkoutFailure?.plan === plan.id ? checkoutFailure.message : null}
                      onSubscribe={(priceId) => subscribe(plan, priceId)}
                    />
                  }
                />
              );
            })}
          </SimpleGrid>
        </Box>
      </Stack>
    </Paper>
  );
}
