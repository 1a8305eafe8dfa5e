import { EmptyState, Paper } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { PageHeader } from '../../ui/PageHeader';

/** /contactus: the contact form arrives with the content issue. */
export function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact Us"
        description="Questions, feedback or a problem with your account? Tell us."
      />
      <Paper withBorder radius="md" py={56} px="xl">
        <EmptyState icon={<IconMail size={28} />} variant="light" maw={520} mx="auto">
          <EmptyState.Title order={2}>The contact form is on its way</EmptyState.Title>
          <EmptyState.Description>
            Soon you can send us your name, e-mail and message right from this page.
          </EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
