import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo';

/** The footer's columns; the links of SPEC.md's landing page footer are all here. */
const footerColumns = [
  {
    title: 'Product',
    links: [
      { label: 'Home', to: '/' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Resources', to: '/resources' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/aboutus' },
      { label: 'Contact Us', to: '/contactus' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { label: 'Returns', to: '/returns' },
      { label: 'Terms and Conditions', to: '/terms-and-conditions' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
    ],
  },
];

/** The public site's footer: the brand, the site's links in columns and the copyright line. */
export function SiteFooter() {
  return (
    <Box
      component="footer"
      bg="white"
      pt={56}
      pb="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size={1280} px="xl">
        <Group justify="space-between" align="flex-start" gap={48}>
          <Stack gap="sm" maw={320}>
            <Logo />
            <Text c="dimmed" fz="sm" lh={1.6}>
              Listing automation for print-on-demand sellers: designs, mockups, SEO metadata and store
              listings in one workflow.
            </Text>
          </Stack>
          <SimpleGrid component="nav" aria-label="Footer" cols={3} spacing={64}>
            {footerColumns.map((column) => (
              <Stack key={column.title} gap="sm">
                <Text fz="sm" fw={650} c="dark.8">
                  {column.title}
                </Text>
                {column.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} c="gray.7" fz="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </Group>
        <Text
          c="dimmed"
          fz="sm"
          mt={48}
          pt="lg"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          © {new Date().getFullYear()} PodFlow. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
