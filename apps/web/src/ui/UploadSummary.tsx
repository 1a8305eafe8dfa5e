import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

interface UploadSummaryProps extends Omit<AlertProps, 'color' | 'icon' | 'variant'> {
  /** Something was refused or went wrong: orange with a warning icon instead of green with a tick. */
  problem: boolean;
  'data-testid'?: string;
}

/** The result of a finished upload: its summary as the title, the details as children. */
export function UploadSummary({ problem, ...alertProps }: UploadSummaryProps) {
  return (
    <Alert
      role="status"
      color={problem ? 'orange' : 'green'}
      variant="light"
      icon={problem ? <IconAlertCircle size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
      {...alertProps}
    />
  );
}
