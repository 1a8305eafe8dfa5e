import { Button, EmptyState } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundPage() {
  return (
    <EmptyState mt={60} size="lg" variant="light" icon={<IconMapSearch size={32} />}>
      <EmptyState.Title order={1} fz={28}>
        Page not found
      </EmptyState.Title>
      <EmptyState.Description>
        The page you were looking for does not exist or has moved.
      </EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/" leftSection={<IconHome size={16} aria-hidden />}>
          Back to the home page
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
