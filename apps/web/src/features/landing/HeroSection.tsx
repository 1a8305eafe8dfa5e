import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import screenshot1x from './assets/review-mockups-1280.webp';
import screenshot2x from './assets/review-mockups-2560.webp';
import classes from './Landing.module.css';

const partners = ['Printify', 'Gelato', 'Shopify', 'WooCommerce'];

/** The promise, the two calls to action and a real screenshot of the workflow. */
export function HeroSection() {
  return (
    <Box component="section" className={classes.hero} pt={64} aria-labelledby="hero-title">
      <Container size={1280} px="xl">
        <Stack align="center" gap="lg" ta="center" maw={860} mx="auto">
          <Badge variant="light" size="lg" radius="xl" tt="none" fw={600}>
            Listing automation for print-on-demand sellers
          </Badge>
          <Title id="hero-title" order={1} fz={60} lh={1.05} fw={750} className={classes.title}>
            From design files to <span className={classes.accent}>live listings</span> in minutes
          </Title>
          <Text fz={20} c="dimmed" maw={700} lh={1.55}>
            Upload a folder of designs, get realistic mockups in bulk, let AI write the SEO titles and tags,
            then list on Printify or Gelato and publish to Shopify or WooCommerce. One calm workflow instead
            of a week of copy and paste.
          </Text>
          <Group gap="md" justify="center">
            <Button
              component={Link}
              to="/register"
              size="lg"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Try for Free
            </Button>
            <Button
              component={Link}
              to={{ hash: 'demo' }}
              size="lg"
              variant="default"
              leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
            >
              Watch the demo video
            </Button>
          </Group>
          <Text fz="sm" c="dimmed">
            Free Starter plan with 10 designs per workspace. No card needed.
          </Text>
        </Stack>

        <Group justify="center" gap="xs" mt={32} mb={40}>
          <Text fz="sm" c="dimmed" mr={4}>
            Works with
          </Text>
          {partners.map((name) => (
            <Badge
              key={name}
              variant="outline"
              color="gray"
              radius="sm"
              size="lg"
              tt="none"
              fw={600}
              c="gray.8"
            >
              {name}
            </Badge>
          ))}
        </Group>

        <Box className={classes.frame} maw={1120} mx="auto">
          <div className={classes.frameBar} aria-hidden>
            <span className={classes.frameDot} />
            <span className={classes.frameDot} />
            <span className={classes.frameDot} />
            <span className={classes.frameAddress}>PodFlow · Review Mockups</span>
          </div>
          <img
            className={classes.screenshot}
            src={screenshot1x}
            srcSet={`${screenshot1x} 1280w, ${screenshot2x} 2560w`}
            sizes="(min-width: 1200px) 1120px, 100vw"
            width={1280}
            height={760}
            fetchPriority="high"
            alt="PodFlow's Review Mockups step: the eight-step bar, and one design shown on a mug, a framed poster and a T-shirt, ready to download or delete."
          />
        </Box>
      </Container>
    </Box>
  );
}
