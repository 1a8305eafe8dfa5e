import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconPhoto, IconRocket, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '../../ui/SiteFooter';

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Mockups in bulk',
    text: 'Place every design on every template at once: realistic product photos without opening an editor.',
    icon: <IconPhoto size={22} />,
  },
  {
    title: 'SEO metadata with AI',
    text: 'Titles, keywords and descriptions written for each design, or by you, side by side in one table.',
    icon: <IconSparkles size={22} />,
  },
  {
    title: 'Listings on Printify and Gelato',
    text: 'Turn a workspace of designs into provider listings from your own product template in one go.',
    icon: <IconBuildingStore size={22} />,
  },
  {
    title: 'Synced to your store',
    text: 'Publish to Shopify or WooCommerce with your custom mockups and metadata attached.',
    icon: <IconRocket size={22} />,
  },
];

const howItWorks = [
  'Create your free account',
  'Open a workspace for a collection',
  'Upload transparent PNG designs',
  'Pick mockup templates and generate',
  'Add SEO metadata by hand or with AI',
  'Create listings and publish to your store',
];

/** / and /home: the public landing page (a later issue grows it into the full marketing page). */
export function LandingPage() {
  return (
    <>
      <Box
        component="section"
        bg="white"
        py={96}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size={1280} px="xl">
          <Stack align="center" gap="xl" ta="center" maw={820} mx="auto">
            <Badge variant="light" size="lg" radius="sm" tt="none" fw={600}>
              Listing automation for print-on-demand sellers
            </Badge>
            <Title order={1} fz={56} lh={1.08} fw={750} style={{ letterSpacing: '-0.03em' }}>
              From design files to live listings in minutes
            </Title>
            <Text fz="xl" c="dimmed" maw={680} lh={1.55}>
              Upload your designs, generate realistic mockups in bulk, write SEO metadata with AI and publish
              to Printify, Gelato, Shopify and WooCommerce: one calm workflow instead of a week of copy and
              paste.
            </Text>
            <Group gap="md">
              <Button
                component={Link}
                to="/register"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Try for Free
              </Button>
              <Button component={Link} to="/login" size="lg" variant="default">
                Sign in
              </Button>
            </Group>
            <Text fz="sm" c="dimmed">
              Free Starter plan: 10 designs per workspace, no card needed.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box component="section" py={80} aria-labelledby="features-title">
        <Container size={1280} px="xl">
          <Stack gap={6} mb={40} align="center" ta="center">
            <Title id="features-title" order={2} fz={32} style={{ letterSpacing: '-0.02em' }}>
              Everything between the design and the sale
            </Title>
            <Text c="dimmed" fz="lg">
              Eight guided steps take a folder of designs to finished listings.
            </Text>
          </Stack>
          <SimpleGrid cols={4} spacing="lg">
            {features.map((feature) => (
              <Card key={feature.title} withBorder radius="md" padding="xl">
                <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                  {feature.icon}
                </ThemeIcon>
                <Text component="h3" fw={650} fz="lg" mb={6} mt={0}>
                  {feature.title}
                </Text>
                <Text c="dimmed" fz="sm" lh={1.6}>
                  {feature.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="section" py={80} bg="white" aria-labelledby="how-title">
        <Container size={1280} px="xl">
          <Title id="how-title" order={2} fz={32} ta="center" mb={40} style={{ letterSpacing: '-0.02em' }}>
            How it works
          </Title>
          <SimpleGrid component="ol" cols={6} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }}>
            {howItWorks.map((step, index) => (
              <Stack component="li" key={step} gap="sm" align="center" ta="center">
                <ThemeIcon size={40} radius="xl" aria-hidden>
                  <Text fw={700} fz="md" c="white">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Text fw={550} fz="sm" maw={170}>
                  {step}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="center" mt={56}>
            <Button component={Link} to="/register" size="lg">
              Try for Free
            </Button>
          </Group>
        </Container>
      </Box>

      <SiteFooter />
    </>
  );
}
