import { Anchor, Group, Loader, Paper, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTutorial } from './get-tutorial.api';
import { sanitizeTutorial } from './sanitize-tutorial';
import classes from './TutorialPage.module.css';

function BackToResources() {
  return (
    <Anchor component={Link} to="/resources" fz="sm" mb="lg" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> All tutorials
      </Group>
    </Anchor>
  );
}

/** /tutorial/:file: the tutorial's HTML, sanitised; 'Loading...' meanwhile, SPEC's heading on failure. */
export function TutorialPage() {
  const { file = '' } = useParams();
  const tutorial = useTutorial(file);
  const navigate = useNavigate();
  const html = useMemo(() => (tutorial.data ? sanitizeTutorial(tutorial.data) : ''), [tutorial.data]);

  useEffect(() => {
    if (tutorial.error) console.error('Error loading tutorial:', tutorial.error);
  }, [tutorial.error]);

  /** Links to other pages of the app open in the app instead of reloading it. */
  const followInApp = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };

  if (tutorial.isPending) {
    return (
      <Group gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
    );
  }

  if (tutorial.isError) {
    return (
      <>
        <BackToResources />
        <Paper withBorder radius="md" p="xl" maw={820}>
          <Title order={1} fz={24} mb="sm">
            Error loading tutorial
          </Title>
          <Text c="dimmed">
            This tutorial could not be loaded. It may have moved, or the connection dropped: go back to the
            list and open it again.
          </Text>
        </Paper>
      </>
    );
  }

  return (
    <>
      <BackToResources />
      <Typography className={classes.article}>
        {/* Sanitised by DOMPurify just above: no scripts, handlers or javascript: URLs survive. */}
        <article onClick={followInApp} dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </>
  );
}
