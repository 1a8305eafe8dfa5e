import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The title block at the top of a screen. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={28} fw={650} style={{ letterSpacing: '-0.015em' }}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" fz="md" maw={720}>
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
