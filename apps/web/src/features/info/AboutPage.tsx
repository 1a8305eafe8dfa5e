import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InfoArticle, type InfoSection } from './InfoArticle';

const sections: InfoSection[] = [
  {
    id: 'mission',
    title: 'Our mission',
    content: (
      <>
        <p>
          Selling print-on-demand products should be about the designs. In practice, most of a seller&apos;s
          week goes to the work around them: placing each design on a dozen product photos, writing a title
          and tags that buyers will actually search for, creating the same listing on a print provider again
          and again, then copying it all into a store.
        </p>
        <p>
          PodFlow exists to take that work off your hands. Our mission is to automate product listings, mockup
          generation, order processing and the tasks around them, using AI where it genuinely saves time and
          leaving every decision that matters with you.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-build',
    title: 'What PodFlow does today',
    content: (
      <>
        <p>PodFlow is one guided workflow of eight steps, and each step works on a whole batch at once:</p>
        <ul>
          <li>Keep each collection in its own workspace, and upload its designs as transparent PNG files.</li>
          <li>
            Choose mockup templates, or upload your own product photos and mark where the design goes, then
            generate every mockup in one run.
          </li>
          <li>Review the results, delete the ones you do not like and download the rest as a zip.</li>
          <li>Write titles, keywords and descriptions yourself, from a CSV file, or with AI.</li>
          <li>
            Create the listings on Printify or Gelato from your own product template, and publish them to
            Shopify or WooCommerce with your mockups attached.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'principles',
    title: 'What we believe',
    content: (
      <>
        <p>
          <strong>Your designs are yours.</strong> We store them to do the work you ask for and nothing else.
          We never sell them, and we do not use them to train AI models.
        </p>
        <p>
          <strong>Calm beats clever.</strong> A batch of two hundred designs should feel as easy as a batch of
          two. Every long job shows its progress, and every failure says what went wrong and what to do next.
        </p>
        <p>
          <strong>Fair, simple pricing.</strong> Start free, pay monthly only when you need more room, and
          cancel whenever you like.
        </p>
      </>
    ),
  },
];

/** /aboutus: the mission and a request for feedback. */
export function AboutPage() {
  return (
    <InfoArticle
      eyebrow="Company"
      title="About PodFlow"
      lead="We build the tool we wanted as sellers: one place that turns a folder of print-on-demand designs into finished, published listings."
      sections={sections}
      footer={
        <Paper
          withBorder
          radius="lg"
          p="xl"
          mt={48}
          bg="violet.0"
          style={{ borderColor: 'var(--mantine-color-violet-2)' }}
        >
          <Title order={2} fz={22} mb="xs">
            Tell us what would help you most
          </Title>
          <Text fz="md" lh={1.7} mb="lg">
            PodFlow is shaped by the sellers who use it. If a step feels slow, a provider or store is missing,
            or you have an idea we have not thought of, we would genuinely like to hear it. Every message is
            read by the people who build the product.
          </Text>
          <Group>
            <Button
              component={Link}
              to="/contactus"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
            >
              Send us your feedback
            </Button>
          </Group>
        </Paper>
      }
    />
  );
}
