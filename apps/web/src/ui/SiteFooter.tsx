import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo';

const footerLinks = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/aboutus' },
  { label: 'Contact Us', to: '/contactus' },
  { label: 'Returns', to: '/returns' },
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];

/** The public site's footer with the links of SPEC.md's landing page. */
export function SiteFooter() {
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size={1280} px="xl">
        <Group justify="space-between" align="center" gap="lg">
          <Group gap="md">
            <Logo />
            <Text c="dimmed" fz="sm">
              © {new Date().getFullYear()} PodFlow
            </Text>
          </Group>
          <Group component="nav" aria-label="Footer" gap="lg">
            {footerLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.7" fz="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
