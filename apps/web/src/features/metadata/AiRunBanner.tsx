import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { metadataText as text } from './metadata-messages';
import classes from './UpdateMetadataPage.module.css';

interface AiRunBannerProps {
  done: number;
  total: number;
  onView: () => void;
}

/** An AI run still going (started here or elsewhere) while its summary is closed. */
export function AiRunBanner({ done, total, onView }: AiRunBannerProps) {
  return (
    <Paper withBorder radius="md" px="lg" py="sm" className={classes.banner} bg="yellow.0">
      <Group justify="space-between" gap="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" color="yellow.7" aria-hidden />
          <Text fz="sm" fw={500}>
            {text.runBanner(done, total)}
          </Text>
        </Group>
        <Button size="xs" variant="default" onClick={onView}>
          {text.viewProgress}
        </Button>
      </Group>
    </Paper>
  );
}
