import { Button, EmptyState } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /failure: the card checkout did not complete. */
export function PaymentFailurePage() {
  return (
    <EmptyState mt={60} size="lg" variant="light" color="red" icon={<IconCircleX size={32} />}>
      <EmptyState.Title order={1}>Subscription failed</EmptyState.Title>
      <EmptyState.Description>Please try again</EmptyState.Description>
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
