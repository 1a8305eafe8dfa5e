import { Box, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { plans } from '@podflow/contract/plans';
import { PlanCard } from '../../ui/PlanCard';
import classes from './Landing.module.css';

/** The plans of SPEC.md section 9 from the shared table, Basic marked popular. */
export function PricingSection() {
  return (
    <Box
      component="section"
      id="pricing"
      py={96}
      bg="white"
      className={classes.anchor}
      aria-labelledby="pricing-title"
    >
      <Container size={1120} px="xl">
        <Stack gap="sm" mb={48} align="center" ta="center">
          <Text fz="sm" fw={700} c="violet.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Pricing
          </Text>
          <Title id="pricing-title" order={2} fz={38} className={classes.title}>
            Start free, upgrade when your catalogue grows
          </Title>
          <Text c="dimmed" fz="lg" maw={640}>
            Every account begins on Starter. Move to Basic or Premium from Your Account whenever you need more
            room, and cancel at any time.
          </Text>
        </Stack>
        <SimpleGrid cols={3} spacing="lg">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={
                <Button
                  component={Link}
                  to="/register"
                  fullWidth
                  size="md"
                  variant={plan.popular ? 'filled' : 'default'}
                  // Everyone starts on Starter; the name says how a paid plan follows.
                  aria-label={plan.priceUsd > 0 ? `Try for Free, then upgrade to ${plan.name}` : undefined}
                >
                  Try for Free
                </Button>
              }
            />
          ))}
        </SimpleGrid>
        <Text ta="center" c="dimmed" fz="sm" mt="xl">
          Prices in US dollars per month. Coupon codes can be entered when you subscribe. See the{' '}
          <Text component={Link} to="/returns" inherit c="violet.8" td="underline">
            refund policy
          </Text>
          .
        </Text>
      </Container>
    </Box>
  );
}
