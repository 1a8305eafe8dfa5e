import { EmptyState, Paper } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';

/** Settings: a placeholder (SPEC.md). */
export function SettingsPanel() {
  return (
    <Paper withBorder radius="md" p="xl" py={56}>
      <EmptyState icon={<IconSettings size={28} />} variant="light" maw={480} mx="auto">
        <EmptyState.Title order={2}>Settings</EmptyState.Title>
        <EmptyState.Description>
          Account settings will live here. For now, change your password under Profile.
        </EmptyState.Description>
      </EmptyState>
    </Paper>
  );
}
