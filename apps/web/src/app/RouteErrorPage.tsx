import { Button, Center, EmptyState } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown when a screen throws or its code fails to load (for example after a new release). */
export function RouteErrorPage() {
  return (
    <Center mih="60vh">
      <EmptyState size="lg" variant="light" color="red" icon={<IconAlertTriangle size={32} />}>
        <EmptyState.Title order={1}>Something went wrong</EmptyState.Title>
        <EmptyState.Description>
          This page could not be shown. Reloading usually fixes it.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
