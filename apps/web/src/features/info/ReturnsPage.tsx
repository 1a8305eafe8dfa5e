import { Link } from 'react-router';
import { InfoArticle, type InfoSection } from './InfoArticle';

/** The figures of SPEC.md section 9's refund policy. */
const refundPolicy = {
  requestWithinDays: 7,
  decisionWithinBusinessDays: 5,
  processedWithinBusinessDays: 7,
} as const;

const sections: InfoSection[] = [
  {
    id: 'refund-window',
    title: 'Refunds within 7 days of purchase',
    content: (
      <>
        <p>
          If PodFlow is not right for you, you can ask for a refund of a subscription payment within{' '}
          <strong>{refundPolicy.requestWithinDays} days of the purchase</strong>. The 7 days count from the
          date on the receipt of the payment you want refunded, whether it was your first payment or a monthly
          renewal.
        </p>
        <p>
          The Starter plan is free, so there is nothing to refund on it. We suggest trying Starter first: it
          has every feature, just with smaller limits.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-ask',
    title: 'How to ask for a refund',
    content: (
      <>
        <p>
          Write to us through the <Link to="/contactus">contact form</Link> using the e-mail address of your
          PodFlow account, and include:
        </p>
        <ul>
          <li>the date of the payment and the plan you paid for;</li>
          <li>a sentence or two on why you are asking, which helps us improve PodFlow.</li>
        </ul>
        <p>Please never send card numbers or passwords. We do not need them and will never ask for them.</p>
      </>
    ),
  },
  {
    id: 'decision-and-payment',
    title: 'When you will hear from us and get your money',
    content: (
      <>
        <p>
          We review every request and tell you our decision by e-mail within{' '}
          <strong>{refundPolicy.decisionWithinBusinessDays} business days</strong> of receiving it.
        </p>
        <p>
          An approved refund is processed within{' '}
          <strong>{refundPolicy.processedWithinBusinessDays} business days</strong> of the decision, to the
          card or payment method you paid with. Your bank may take a few more days to show it on your
          statement; that part is outside our control.
        </p>
      </>
    ),
  },
  {
    id: 'non-refundable',
    title: 'What cannot be refunded',
    content: (
      <>
        <p>Some purchases are not refundable, even within the 7 days:</p>
        <ul>
          <li>
            <strong>Services fully delivered or used</strong>, for example a billing period that has already
            ended, or one whose AI tokens have all been spent.
          </li>
          <li>
            <strong>One-time setup fees</strong>, where a custom setup has been agreed and carried out.
          </li>
          <li>
            <strong>Promotional or discounted offers</strong>, including payments made with a coupon code.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cancelling',
    title: 'Cancelling instead',
    content: (
      <>
        <p>
          You can cancel a paid plan at any time from <Link to="/account">Your Account</Link>, under
          Subscription. Cancelling stops the next renewal; you keep the plan until the end of the period you
          have paid for, and then move to Starter.
        </p>
        <p>
          Moving to a smaller plan never deletes anything. If you hold more than the new plan allows, you can
          still open, download and delete your work; you just cannot add more until you are back within the
          limits.
        </p>
      </>
    ),
  },
];

/** /returns: the 7-day refund policy of SPEC.md section 9. */
export function ReturnsPage() {
  return (
    <InfoArticle
      eyebrow="Policies"
      title="Refund Policy"
      lead="Clear rules for getting your money back: ask within 7 days of a purchase, hear our decision within 5 business days, and receive an approved refund within 7 business days."
      sections={sections}
    />
  );
}
