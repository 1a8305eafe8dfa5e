import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadFailedAlertProps {
  /** What failed to load, in a sentence. */
  message: string;
  onRetry: () => void;
}

/** A list that could not be loaded: why, and a button to try again. */
export function LoadFailedAlert({ message, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm" fw={500}>
          {message}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
