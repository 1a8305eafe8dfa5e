import { IconLayoutBoard } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /SelectMockupImageModeTemplates: step 3, Select Mockup Templates (image mode). */
export function SelectImageModeTemplatesPage() {
  return (
    <StepPlaceholder
      title="Select Mockup Templates"
      description="Mockup templates are the product photos your designs are placed on."
      icon={<IconLayoutBoard size={30} />}
      upcoming="Choose templates for this workspace, or upload your own photos and mark where the design goes."
    />
  );
}
