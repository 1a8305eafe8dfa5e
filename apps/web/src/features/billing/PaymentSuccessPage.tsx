import { Button, EmptyState } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /success: the card checkout came back paid. */
export function PaymentSuccessPage() {
  return (
    <EmptyState mt={60} size="lg" variant="light" color="green" icon={<IconCircleCheck size={32} />}>
      <EmptyState.Title order={1}>Subscription successful</EmptyState.Title>
      <EmptyState.Description>Thank you! Your new plan is active on your account.</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/account">
          Your Account
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
