import { ClosingSection } from './ClosingSection';
import { DemoVideoSection } from './DemoVideoSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { PricingSection } from './PricingSection';
import { SiteFooter } from '../../ui/SiteFooter';

/** / and /home: the public landing page (SPEC.md "Landing page"). */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <DemoVideoSection />
      <PricingSection />
      <ClosingSection />
      <SiteFooter />
    </>
  );
}
