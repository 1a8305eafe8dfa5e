import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** What to do about it: usually one button. */
  children?: ReactNode;
}

/** A screen's list with nothing in it yet: a bordered panel saying so, with what to do next. */
export function EmptyPanel({ icon, title, description, children }: EmptyPanelProps) {
  return (
    <Paper withBorder radius="md" py={56} px="xl">
      <EmptyState icon={icon} variant="light" size="md" maw={520} mx="auto">
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
