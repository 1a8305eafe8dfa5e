import { Anchor, Button, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconMail, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { apiUrl } from '../../api/client';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { demoVideo } from '../../lib/demo-video';
import { PageHeader } from '../../ui/PageHeader';
import { useTutorials } from './get-tutorials.api';
import classes from './ResourcesPage.module.css';
import studioUrl from './resources-studio.svg';
import { TutorialCard } from './TutorialCard';

/** /resources: the tutorials as cards (SPEC.md: a failed list is only logged), and the demo video. */
export function ResourcesPage() {
  const tutorials = useTutorials();
  const [videoOpen, video] = useDisclosure(false);

  useEffect(() => {
    if (tutorials.error) console.error('Error fetching tutorials:', tutorials.error);
  }, [tutorials.error]);

  const list = tutorials.data ?? [];
  return (
    <>
      <PageHeader
        title="Resources"
        description="Step-by-step tutorials for every part of the workflow, from your first upload to live listings."
      />
      <Paper withBorder radius="md" p="xl" mb="xl">
        <div className={classes.hero}>
          <Stack gap="md" align="flex-start">
            <Title order={2} fz={22}>
              Learn PodFlow one step at a time
            </Title>
            <Text c="dimmed" lh={1.6}>
              Each tutorial walks through one step of the eight with screenshots of the app: what to prepare,
              which buttons to press and what you should see when it worked.
            </Text>
            <Button leftSection={<IconPlayerPlay size={18} />} variant="light" onClick={video.open}>
              Watch the one-minute demo
            </Button>
          </Stack>
          <figure style={{ margin: 0 }}>
            <img
              className={classes.heroImage}
              src={studioUrl}
              width={640}
              height={400}
              alt="Illustration of a seller's desk: PodFlow open on a laptop beside a printed T-shirt, a mug and a framed poster"
            />
            <Text component="figcaption" fz="xs" c="dimmed" mt={6}>
              Image credit: illustration drawn by the PodFlow team for this page (not a stock photo).
            </Text>
          </figure>
        </div>
      </Paper>

      <Title order={2} fz={22} mb="md">
        Tutorials
      </Title>
      {tutorials.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading tutorials"
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={188} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.length === 0 ? (
        <EmptyPanel
          icon={<IconBook size={28} />}
          title="No tutorials to show right now"
          description="Check back soon for step-by-step guides, or send us your question and we will help you along."
        >
          <Button component={Link} to="/contactus" leftSection={<IconMail size={18} />}>
            Contact Us
          </Button>
        </EmptyPanel>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          aria-label="Tutorials"
          p={0}
          m={0}
        >
          {list.map((tutorial) => (
            <li key={tutorial.id} style={{ listStyle: 'none' }}>
              <TutorialCard tutorial={tutorial} />
            </li>
          ))}
        </SimpleGrid>
      )}

      <Modal opened={videoOpen} onClose={video.close} title="PodFlow in one minute" size="xl" centered>
        <video
          className={classes.video}
          src={apiUrl(demoVideo.src)}
          poster={apiUrl(demoVideo.poster)}
          controls
          autoPlay
          muted
          playsInline
          preload="metadata"
        />
        <Text fz="sm" c="dimmed" mt="sm">
          Recorded in PodFlow's demo mode: sample designs and sandboxed stores, no real shop touched.{' '}
          <Anchor href={apiUrl(demoVideo.src)} download>
            Download the video
          </Anchor>
        </Text>
      </Modal>
    </>
  );
}
