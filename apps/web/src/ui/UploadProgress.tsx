import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface UploadProgressProps {
  /** What is being sent, e.g. "Uploading 3 files…". */
  label: ReactNode;
  /** How much of it is sent, e.g. "1.2 MB of 4 MB". */
  detail: ReactNode;
  /** 0 to 100. */
  percent: number;
}

/** A running upload: a status line and a striped progress bar, announced politely. */
export function UploadProgress({ label, detail, percent }: UploadProgressProps) {
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group justify="space-between">
        <Text fz="sm" fw={500}>
          {label}
        </Text>
        <Text fz="sm" c="dimmed">
          {detail}
        </Text>
      </Group>
      <Progress value={percent} size="lg" radius="xl" striped animated aria-label="Upload progress" />
    </Stack>
  );
}
