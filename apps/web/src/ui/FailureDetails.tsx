import { Text } from '@mantine/core';
import classes from './FailureDetails.module.css';

/** The provider's own words and code behind a sentence, folded away until asked for. */
export function FailureDetails({ detail, label }: { detail: string | null; label: string }) {
  if (!detail) return null;
  return (
    <details className={classes.details}>
      <summary>
        <Text span fz="xs" c="dimmed">
          {label}
        </Text>
      </summary>
      <Text fz="xs" c="dimmed" ff="monospace" className={classes.detailText}>
        {detail}
      </Text>
    </details>
  );
}
