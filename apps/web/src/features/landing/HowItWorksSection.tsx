import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import classes from './Landing.module.css';

const steps: { title: string; text: string }[] = [
  { title: 'Create your free account', text: 'Start on the Starter plan. No card needed.' },
  { title: 'Open a workspace', text: 'One for each collection, niche or shop.' },
  { title: 'Upload your designs', text: 'Transparent PNGs, as many as your plan holds.' },
  { title: 'Generate mockups', text: 'Pick ready templates or bring your own photos.' },
  { title: 'Add SEO metadata', text: 'Type it, import a CSV or let AI write it.' },
  { title: 'List and publish', text: 'Printify or Gelato, then Shopify or WooCommerce.' },
];

/** SPEC.md's six-step how-it-works, as a numbered strip. */
export function HowItWorksSection() {
  return (
    <Box component="section" py={96} bg="white" aria-labelledby="how-title">
      <Container size={1280} px="xl">
        <Stack gap="sm" mb={56} align="center" ta="center">
          <Text fz="sm" fw={700} c="violet.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            How it works
          </Text>
          <Title id="how-title" order={2} fz={38} className={classes.title}>
            Six steps from a folder of files to a live shop
          </Title>
          <Text c="dimmed" fz="lg" maw={640}>
            PodFlow walks you through them in order and shows where each design stands, so nothing gets listed
            twice or forgotten.
          </Text>
        </Stack>
        <SimpleGrid component="ol" cols={6} spacing="lg" className={classes.steps}>
          {steps.map((step, index) => (
            <Stack component="li" key={step.title} gap="sm" align="center" ta="center">
              {/* The list is ordered: screen readers announce the number themselves. */}
              <span className={classes.stepNumber} aria-hidden>
                {index + 1}
              </span>
              <Text component="h3" fw={650} fz="md" mt="xs" mb={0}>
                {step.title}
              </Text>
              <Text fz="sm" c="dimmed" maw={180} lh={1.5}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
