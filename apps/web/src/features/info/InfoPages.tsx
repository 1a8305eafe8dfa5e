import { InfoPlaceholder } from './InfoPlaceholder';

/** /aboutus */
export function AboutPage() {
  return (
    <InfoPlaceholder
      title="About Us"
      summary="PodFlow helps print-on-demand sellers automate product listings, mockup generation and the busywork around them, with AI where it saves time. We would love to hear what would make it better for you."
    />
  );
}

/** /returns */
export function ReturnsPage() {
  return (
    <InfoPlaceholder
      title="Refund Policy"
      summary="You can ask for a refund within 7 days of purchase. We decide within 5 business days and process approved refunds within 7 business days. The full policy is on its way."
    />
  );
}

/** /terms-and-conditions */
export function TermsPage() {
  return (
    <InfoPlaceholder
      title="Terms and Conditions"
      summary="The terms that govern your use of PodFlow. We notify you of changes at least 30 days ahead. The full text is on its way."
    />
  );
}

/** /privacy-policy */
export function PrivacyPage() {
  return (
    <InfoPlaceholder
      title="Privacy Policy"
      summary="How PodFlow collects, uses and protects your information. PodFlow is for people aged 13 and over. The full policy is on its way."
    />
  );
}
