import { IconPhotoUp } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /prepareDesigns: step 2, Prepare Designs. */
export function PrepareDesignsPage() {
  return (
    <StepPlaceholder
      title="Prepare Designs"
      description="Designs are PNG files with a transparent background, sized to suit your mockup templates."
      icon={<IconPhotoUp size={30} />}
      upcoming="Upload your PNG designs in bulk, preview them on a transparent checkerboard and remove the ones you don't need."
    />
  );
}
