import { IconTags } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /updateMetadata: step 6, Update Metadata. */
export function UpdateMetadataPage() {
  return (
    <StepPlaceholder
      title="Update Metadata"
      description="Titles, keywords and descriptions help buyers find your products."
      icon={<IconTags size={30} />}
      upcoming="Write the title, keywords and description of every design by hand, or generate SEO metadata for all of them with AI."
    />
  );
}
