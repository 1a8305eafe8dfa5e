import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { plans } from '@podflow/contract/plans';
import { DisabledSubscribeButton, PlanCard } from '../../ui/PlanCard';

/** Subscription: the plans of SPEC.md section 9; checkout arrives with the billing issue. */
export function SubscriptionPanel() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap={4} mb="lg">
        <Title order={2} fz={20}>
          Subscription
        </Title>
        <Text c="dimmed" fz="sm">
          Every plan includes bulk listings, bulk mockup generation and workflow automation. Pick the room you
          need.
        </Text>
      </Stack>
      <SimpleGrid cols={3} spacing="lg">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={<DisabledSubscribeButton reason="Checkout arrives with subscriptions" />}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
