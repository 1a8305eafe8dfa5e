import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';

interface InfoPlaceholderProps {
  title: string;
  summary: ReactNode;
}

/** An information page whose full text arrives later: its title and the gist. */
export function InfoPlaceholder({ title, summary }: InfoPlaceholderProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="xl" maw={820}>
        <Text fz="md" lh={1.7}>
          {summary}
        </Text>
      </Paper>
    </>
  );
}
