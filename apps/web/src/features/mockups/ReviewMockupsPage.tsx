import { IconPhotoCheck } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /reviewMockups: step 5, Review Mockups. */
export function ReviewMockupsPage() {
  return (
    <StepPlaceholder
      title="Review Mockups"
      description="Check the generated images before they go into your listings."
      icon={<IconPhotoCheck size={30} />}
      upcoming="Review the mockups design by design, delete the ones you don't like and download the rest as a zip."
    />
  );
}
