import { Button, EmptyState, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { billingMessages } from '@podflow/contract/billing';

/** /failure: Stripe's checkout was left without paying (its cancel address). */
export function PaymentFailurePage() {
  return (
    <EmptyState mt={60} size="lg" variant="light" color="red" icon={<IconCircleX size={32} />}>
      <EmptyState.Title order={1}>{billingMessages.failureTitle}</EmptyState.Title>
      <EmptyState.Description>{billingMessages.failureText}</EmptyState.Description>
      <Text fz="sm" c="dimmed" ta="center">
        Your card was not charged and your plan is unchanged.
      </Text>
      <EmptyState.Actions>
        <Button component={Link} to="/" variant="default">
          Home
        </Button>
        <Button component={Link} to="/account">
          Your Account
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
