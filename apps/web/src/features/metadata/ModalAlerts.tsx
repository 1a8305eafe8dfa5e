import { Alert, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Why an action in a modal failed, in red, announced; `children` add a way out (a link). */
export function FailureAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" p="sm">
      <Text fz="sm" fw={500}>
        {message}
      </Text>
      {children}
    </Alert>
  );
}

/** Something to know before going on, in orange. */
export function WarningNotice({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="sm">
      <Text fz="sm">{message}</Text>
    </Alert>
  );
}
