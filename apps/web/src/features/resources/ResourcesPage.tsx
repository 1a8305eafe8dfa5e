import { EmptyState, Paper } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { PageHeader } from '../../ui/PageHeader';

/** /resources: the tutorial list arrives with the content issue. */
export function ResourcesPage() {
  return (
    <>
      <PageHeader title="Resources" description="Tutorials and guides for every step of the workflow." />
      <Paper withBorder radius="md" py={56} px="xl">
        <EmptyState icon={<IconBook size={28} />} variant="light" maw={520} mx="auto">
          <EmptyState.Title order={2}>Tutorials are on their way</EmptyState.Title>
          <EmptyState.Description>
            Step-by-step guides for preparing designs, mockups and listings will be listed here.
          </EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
