import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCloudUpload,
  IconFolders,
  IconPhoto,
  IconRocket,
  IconSparkles,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './Landing.module.css';

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Upload in bulk',
    text: 'Drop in a whole folder of transparent PNGs. Each design is checked, previewed on a checkerboard and kept with its workspace.',
    icon: <IconCloudUpload size={22} />,
  },
  {
    title: 'Mockups without an editor',
    text: 'Put every design on every template in one run: mugs, posters, T-shirts, or your own photos with a placeholder you draw once.',
    icon: <IconPhoto size={22} />,
  },
  {
    title: 'SEO metadata with AI',
    text: 'Titles, keywords and descriptions written from each design, or by you, in one table. Import and export it as CSV.',
    icon: <IconSparkles size={22} />,
  },
  {
    title: 'Listings on Printify and Gelato',
    text: 'Turn a workspace into provider listings from your own product template: prices, variants and print areas stay as you set them.',
    icon: <IconBuildingStore size={22} />,
  },
  {
    title: 'Published to your store',
    text: 'Sync titles, tags and your mockups to Shopify or WooCommerce, with a clear result for every design.',
    icon: <IconRocket size={22} />,
  },
  {
    title: 'A workspace per collection',
    text: 'Keep each drop or shop apart. Every step remembers where you left off, so a big batch can wait until tomorrow.',
    icon: <IconFolders size={22} />,
  },
];

/** What PodFlow does, as six cards. */
export function FeaturesSection() {
  return (
    <Box component="section" py={96} aria-labelledby="features-title">
      <Container size={1280} px="xl">
        <Stack gap="sm" mb={48} align="center" ta="center">
          <Text fz="sm" fw={700} c="violet.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Features
          </Text>
          <Title id="features-title" order={2} fz={38} className={classes.title}>
            Everything between the design and the sale
          </Title>
          <Text c="dimmed" fz="lg" maw={640}>
            The repetitive part of running a print-on-demand shop, done in batches while you get on with the
            next collection.
          </Text>
        </Stack>
        <SimpleGrid cols={3} spacing="lg">
          {features.map((feature) => (
            <Card key={feature.title} withBorder radius="lg" padding="xl" className={classes.featureCard}>
              <ThemeIcon size={46} radius="md" variant="light" mb="lg" aria-hidden>
                {feature.icon}
              </ThemeIcon>
              <Text component="h3" fw={650} fz="lg" mb={8} mt={0}>
                {feature.title}
              </Text>
              <Text c="dimmed" fz="md" lh={1.6}>
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
