import { IconCircleCheck, IconCircleX, IconClockHour4, IconLoader2, type Icon } from '@tabler/icons-react';
import type { AiTaskStatus } from '@podflow/contract/metadata';
import type { MockupJobStatus } from '@podflow/contract/mockups';

interface StatusLook {
  /** Mantine colour of the status (SPEC.md section 4: grey, amber, green, red). */
  color: string;
  /** A shade of it that reads on white (WCAG AA) for text. */
  textColor: string;
  icon: Icon;
}

/**
 * How the status of a background task (a mockup job, an AI metadata task) shows: SPEC.md section 4,
 * Pending grey, In Progress amber, Completed green, Failed red.
 */
export const taskStatusLook: Record<MockupJobStatus | AiTaskStatus, StatusLook> = {
  Pending: { color: 'gray', textColor: 'gray.7', icon: IconClockHour4 },
  'In Progress': { color: 'yellow', textColor: 'yellow.9', icon: IconLoader2 },
  Completed: { color: 'green', textColor: 'green.9', icon: IconCircleCheck },
  Failed: { color: 'red', textColor: 'red.8', icon: IconCircleX },
};
