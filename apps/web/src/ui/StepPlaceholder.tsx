import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

interface StepPlaceholderProps {
  title: string;
  description?: ReactNode;
  icon: ReactNode;
  /** One sentence of what this step will do once it is built. */
  upcoming: string;
}

/** A workflow screen whose tools arrive in a later step: its title and what it will do. */
export function StepPlaceholder({ title, description, icon, upcoming }: StepPlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="md" py={64} px="xl">
        <EmptyState icon={icon} variant="light" size="md" maw={560} mx="auto">
          <EmptyState.Title order={2}>Coming in this step</EmptyState.Title>
          <EmptyState.Description>{upcoming}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
