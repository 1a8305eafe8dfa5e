import { Anchor, Box, Button, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { demoVideo, isDemoVideoAvailable } from '../../lib/demo-video';
import classes from './Landing.module.css';

type VideoState = 'waiting' | 'ready' | 'missing';

const shownSteps = [
  'Choosing the demo workspace',
  'Uploading transparent designs',
  'Picking mockup templates',
  'Generating mockups in one run',
  'Reviewing and downloading them',
  'Writing metadata with AI',
  'Creating the Printify listings',
  'Publishing to the store',
];

/**
 * Checks for the recording only when the section comes near the screen, so the first load stays
 * light; nothing of the video is fetched before someone presses play.
 */
function useDemoVideoState(box: RefObject<HTMLDivElement | null>): VideoState {
  const [state, setState] = useState<VideoState>('waiting');
  useEffect(() => {
    let cancelled = false;
    const check = () => {
      void isDemoVideoAvailable().then((available) => {
        if (!cancelled) setState(available ? 'ready' : 'missing');
      });
    };
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      check();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          check();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [box]);
  return state;
}

function VideoUnavailable() {
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" p="xl" ta="center" bg="gray.0">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <IconVideoOff size={28} />
      </ThemeIcon>
      <Text fw={650} fz="lg">
        The demo video is not available right now
      </Text>
      <Text c="dimmed" maw={440}>
        You can still see every step for yourself: the free Starter plan has everything the video shows, and
        the tutorials walk through each screen.
      </Text>
      <Button component={Link} to="/resources" variant="default" mt="xs">
        Read the tutorials
      </Button>
    </Stack>
  );
}

/** The screen recording of the whole workflow, with a text outline of what it shows. */
export function DemoVideoSection() {
  const box = useRef<HTMLDivElement>(null);
  const state = useDemoVideoState(box);
  const [failed, setFailed] = useState(false);
  const playable = state === 'ready' && !failed;

  return (
    <Box component="section" id="demo" py={96} className={classes.anchor} aria-labelledby="demo-title">
      <Container size={1280} px="xl">
        <Stack gap="sm" mb={48} align="center" ta="center">
          <Text fz="sm" fw={700} c="violet.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Demo video
          </Text>
          <Title id="demo-title" order={2} fz={38} className={classes.title}>
            Watch a batch go from upload to store
          </Title>
          <Text c="dimmed" fz="lg" maw={640}>
            A screen recording of PodFlow itself, made in its demo workspace: no slides, no mock-ups of the
            product, just the eight steps.
          </Text>
        </Stack>
        <div className={classes.demoLayout}>
          <div>
            <div ref={box} className={classes.videoBox} data-playable={playable || undefined}>
              {state === 'waiting' ? null : playable ? (
                <video className={classes.video} controls preload="none" poster={demoVideo.poster}>
                  <source src={demoVideo.src} type="video/webm" onError={() => setFailed(true)} />
                  Your browser cannot play this video. <a href={demoVideo.src}>
                    Download the demo video
                  </a>{' '}
                  instead.
                </video>
              ) : (
                <VideoUnavailable />
              )}
            </div>
          </div>
          <div>
            <Text component="h3" fw={650} fz="lg" mt={0} mb="sm">
              In the video
            </Text>
            <List type="ordered" spacing={8} fz="md" c="gray.8">
              {shownSteps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            {playable ? (
              <Anchor
                href={demoVideo.src}
                target="_blank"
                rel="noopener"
                fz="sm"
                mt="lg"
                display="inline-block"
              >
                Open the video in a new tab
              </Anchor>
            ) : null}
          </div>
        </div>
      </Container>
    </Box>
  );
}
