import { ActionIcon, Group, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleMinus,
  IconCircleX,
  IconClock,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { designMessages as text } from './design-messages';
import { formatBytes } from './upload-plan';
import type { UploadItem } from './use-upload-run';

interface StatusView {
  icon: ReactNode;
  color: string;
  label: string;
}

/** How a file's status reads: queued, sending n%, stored, stored with a warning, rejected: reason. */
export function statusView(item: UploadItem): StatusView {
  switch (item.status) {
    case 'queued':
      return { icon: <IconClock size={16} />, color: 'gray', label: 'Queued' };
    case 'sending': {
      // The batch is on its way; files later in it wait for the ones before them.
      if (item.fraction <= 0)
        return { icon: <IconClock size={16} />, color: 'gray', label: 'Waiting to send' };
      const label = item.fraction >= 1 ? 'Sent, checking…' : `Sending ${Math.floor(item.fraction * 100)}%`;
      return { icon: <Loader size={14} color="violet" />, color: 'violet', label };
    }
    case 'stored':
      return item.warning
        ? {
            icon: <IconAlertTriangle size={16} />,
            color: 'orange',
            label: `Stored with a warning: ${item.warning}`,
          }
        : { icon: <IconCircleCheck size={16} />, color: 'green', label: 'Stored' };
    case 'rejected':
      return { icon: <IconCircleX size={16} />, color: 'red', label: `Rejected: ${item.reason ?? ''}` };
    case 'not-sent':
      return { icon: <IconCircleMinus size={16} />, color: 'gray', label: `Not sent: ${item.reason ?? ''}` };
  }
}

interface UploadFileRowProps {
  item: UploadItem;
  /** Present while files can still be removed. */
  onRemove?: (key: string) => void;
}

/** One chosen file: name, size, status and its own progress bar while it is sent. */
export function UploadFileRow({ item, onRemove }: UploadFileRowProps) {
  const view = statusView(item);
  const name = item.file.name;
  return (
    <Group component="li" gap="sm" wrap="nowrap" py={8} px="sm" align="flex-start" aria-label={name}>
      <ThemeIcon variant="light" color={view.color} size={28} radius="xl" mt={2} aria-hidden>
        {view.icon}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fz="sm" fw={500} truncate="end" title={name}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBytes(item.file.size)}
          </Text>
        </Group>
        {item.status === 'sending' && item.fraction > 0 ? (
          <Progress
            value={item.fraction * 100}
            size="sm"
            radius="xl"
            aria-label={`${name} upload progress`}
            transitionDuration={150}
          />
        ) : null}
        <Text fz="xs" c={view.color === 'gray' ? 'dimmed' : `${view.color}.8`} data-status={item.status}>
          {view.label}
        </Text>
      </Stack>
      {onRemove ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={text.removeFile(name)}
          onClick={() => onRemove(item.key)}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
