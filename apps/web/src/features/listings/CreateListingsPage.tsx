import { IconBuildingStore } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /createPrintifyListings: step 7, Create Listings. */
export function CreateListingsPage() {
  return (
    <StepPlaceholder
      title="Create Listings"
      description="Listings are created on your print provider, Printify or Gelato."
      icon={<IconBuildingStore size={30} />}
      upcoming="Connect your Printify or Gelato store and create a product listing for every design in one go."
    />
  );
}
