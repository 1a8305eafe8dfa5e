import { Button, EmptyState, Paper } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { signOut } from '../../api/sign-out';

/** Logout: signs out as soon as it shows, then says so. */
export function LogoutPanel() {
  useEffect(() => {
    signOut();
  }, []);

  return (
    <Paper withBorder radius="md" p="xl" py={56}>
      <EmptyState icon={<IconLogout size={28} />} variant="light" maw={480} mx="auto">
        <EmptyState.Title order={2}>You have been logged out.</EmptyState.Title>
        <EmptyState.Description>Sign in again whenever you are ready to continue.</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
