import { Center, Loader } from '@mantine/core';

interface CenteredLoaderProps {
  label?: string;
}

/** A loader in the middle of the content area, announced to screen readers. */
export function CenteredLoader({ label = 'Loading' }: CenteredLoaderProps) {
  return (
    <Center mih="50vh" role="status" aria-live="polite" aria-label={label}>
      <Loader type="dots" size="lg" />
    </Center>
  );
}
