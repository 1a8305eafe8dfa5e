import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleCheckFilled } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { billingMessages } from '@podflow/contract/billing';
import { planInclusions, type Plan } from '@podflow/contract/plans';

interface PlanCardProps {
  plan: Plan;
  /** The call to action at the bottom of the card. */
  action?: ReactNode;
  /** The seller's plan: labelled 'Current Subscription' (SPEC.md) and highlighted. */
  current?: boolean;
  /** A brand-coloured border; the popular plan's by default, the current plan's on the account page. */
  highlighted?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** One subscription plan: price, quotas and what every plan includes. */
export function PlanCard({ plan, action, current = false, highlighted = plan.popular }: PlanCardProps) {
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="xl"
      aria-label={`${plan.name} plan`}
      style={{
        ...(highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : {}),
        ...(current ? { backgroundColor: 'var(--mantine-color-violet-0)' } : {}),
      }}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Text fw={650} fz="lg">
            {plan.name}
          </Text>
          {plan.popular ? (
            <Badge variant="light" radius="sm">
              Popular
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={36} fw={700} lh={1} style={{ letterSpacing: '-0.02em' }}>
            {plan.priceUsd === 0 ? 'Free' : `$${plan.priceUsd}`}
          </Text>
          {plan.priceUsd > 0 ? (
            <Text c="dimmed" fz="sm">
              per month
            </Text>
          ) : null}
        </Group>
        <List
          spacing={8}
          fz="sm"
          lh={1.45}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" mt={1} aria-hidden>
              <IconCheck size={12} stroke={3} />
            </ThemeIcon>
          }
        >
          <List.Item>{plan.designSlotsPerWorkspace} design slots per workspace</List.Item>
          <List.Item>{numberFormat.format(plan.aiTokensPerMonth)} AI tokens per month</List.Item>
          <List.Item>{plan.storageLabel} storage</List.Item>
          {planInclusions.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Stack gap={8} mt="auto">
          {current ? (
            // A label, not a button: it must not look pressable next to the other cards' Subscribe.
            <Group justify="center" gap={6} h={36} wrap="nowrap">
              <IconCircleCheckFilled size={18} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Text fw={650} fz="sm" c="violet.8">
                {billingMessages.currentPlan}
              </Text>
            </Group>
          ) : null}
          {action}
        </Stack>
      </Stack>
    </Card>
  );
}

interface DisabledPlanButtonProps {
  reason: string;
  /** The button's accessible name, e.g. "Subscribe to Basic". */
  label?: string;
}

/** A Subscribe button that cannot be used now, with the reason beneath it. */
export function DisabledSubscribeButton({ reason, label }: DisabledPlanButtonProps) {
  const id = useId();
  return (
    <Stack gap={6}>
      <Button fullWidth disabled aria-label={label} aria-describedby={id}>
        Subscribe
      </Button>
      <Text id={id} fz="xs" c="dimmed" ta="center">
        {reason}
      </Text>
    </Stack>
  );
}
