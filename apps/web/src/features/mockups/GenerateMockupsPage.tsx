import { IconWand } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /generateMockups: step 4, Generate Mockups. */
export function GenerateMockupsPage() {
  return (
    <StepPlaceholder
      title="Generate Mockups"
      description="Every design is rendered on every selected template."
      icon={<IconWand size={30} />}
      upcoming="Start mockup generation for the whole workspace and follow each job's progress as it runs."
    />
  );
}
