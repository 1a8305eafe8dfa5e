import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCalendar } from '@tabler/icons-react';
import type { TutorialListItem } from '@podflow/contract/tutorials';
import { Link } from 'react-router';
import classes from './ResourcesPage.module.css';
import { tutorialDate } from './tutorial-date';

/**
 * One tutorial of the list: its date, title and description, opening /tutorial/{file}. The title is
 * the link (its name is the title alone); it stretches over the whole card, so the card is clickable.
 */
export function TutorialCard({ tutorial }: { tutorial: TutorialListItem }) {
  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.card}>
      <Group gap={6} c="dimmed" fz="sm" mb="xs">
        <IconCalendar size={16} aria-hidden />
        <time dateTime={tutorial.date_published}>{tutorialDate(tutorial.date_published)}</time>
      </Group>
      <Title order={3} fz="lg" mb={6}>
        <Anchor
          component={Link}
          to={`/tutorial/${encodeURIComponent(tutorial.file)}`}
          className={classes.cardLink}
          c="inherit"
          inherit
          underline="never"
        >
          {tutorial.title}
        </Anchor>
      </Title>
      <Text c="dimmed" fz="sm" lh={1.55} mb="md">
        {tutorial.description}
      </Text>
      <Group gap={4} c="violet.7" fw={600} fz="sm" className={classes.readMore} aria-hidden>
        Read the tutorial <IconArrowRight size={16} />
      </Group>
    </Card>
  );
}
