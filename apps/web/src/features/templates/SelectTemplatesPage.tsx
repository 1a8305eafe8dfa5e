import { IconArrowsExchange } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /selectMockupTemplates: step 3 in classic mode. */
export function SelectTemplatesPage() {
  return (
    <StepPlaceholder
      title="Select Mockup Templates"
      description="Mockup templates are the product photos your designs are placed on."
      icon={<IconArrowsExchange size={30} />}
      upcoming="Move templates between Remaining and Selected for this workspace, upload new ones and delete the ones you don't use."
    />
  );
}
