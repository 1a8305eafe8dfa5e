import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './Landing.module.css';

const moreLinks = [
  { label: 'About us', to: '/aboutus' },
  { label: 'Contact us', to: '/contactus' },
  { label: 'Refund policy', to: '/returns' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Privacy policy', to: '/privacy-policy' },
];

/** The last call to action, and where to read more before signing up. */
export function ClosingSection() {
  return (
    <Box component="section" py={96} aria-labelledby="closing-title">
      <Container size={1120} px="xl">
        <Stack className={classes.closing} align="center" ta="center" gap="lg" px={48} py={64}>
          <Title id="closing-title" order={2} fz={38} c="white" className={classes.title}>
            Your next collection could be live this afternoon
          </Title>
          <Text fz="lg" c="violet.0" maw={620}>
            Create a free account, open a workspace and upload your first designs. It takes less time than
            writing one listing by hand.
          </Text>
          <Button
            component={Link}
            to="/register"
            size="lg"
            variant="white"
            color="violet.9"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Try for Free
          </Button>
        </Stack>
        <Group component="nav" aria-label="More about PodFlow" justify="center" gap="xl" mt="xl">
          <Text c="dimmed" fz="sm">
            Before you sign up:
          </Text>
          {moreLinks.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="sm" c="violet.8">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Container>
    </Box>
  );
}
