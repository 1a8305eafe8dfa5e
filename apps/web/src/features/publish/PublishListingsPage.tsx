import { IconRocket } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /publishListings: step 8, Publish Listings. */
export function PublishListingsPage() {
  return (
    <StepPlaceholder
      title="Publish Listings"
      description="Your listings go live on your own store, Shopify or WooCommerce."
      icon={<IconRocket size={30} />}
      upcoming="Connect Shopify or WooCommerce and sync your listings with their mockups and SEO metadata."
    />
  );
}
