import { Link } from 'react-router';
import { plans } from '@podflow/contract/plans';
import { InfoArticle, type InfoSection } from './InfoArticle';

const paidPlans = plans
  .filter((plan) => plan.priceUsd > 0)
  .map((plan) => `${plan.name} ($${plan.priceUsd} per month)`)
  .join(' and ');

/** SPEC.md: the terms have 12 sections; changes are announced at least this many days ahead. */
const noticeOfChangesDays = 30;

const sections: InfoSection[] = [
  {
    id: 'acceptance',
    title: 'Agreeing to these terms',
    content: (
      <p>
        These terms are the agreement between you and PodFlow for your use of the PodFlow website and web
        application (together, &ldquo;the service&rdquo;). By creating an account or using the service you
        accept them. If you use PodFlow on behalf of a business, you accept them for that business and confirm
        you may do so.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'What the service does',
    content: (
      <p>
        PodFlow helps print-on-demand sellers prepare listings: it stores your designs, generates mockup
        images, helps write SEO metadata (by hand or with AI), creates products on print providers and syncs
        them to online stores that you connect. We keep improving the service, so features may change over
        time; we will not remove a core part of a paid plan during a period you have already paid for.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <>
        <p>
          You need an account to use the workflow. Give us accurate details, keep your password to yourself
          and tell us at once through the <Link to="/contactus">contact form</Link> if you think someone else
          has used your account. You are responsible for what happens under your account.
        </p>
        <p>
          You must be at least 13 years old to use PodFlow, and old enough where you live to enter into this
          agreement, or have a parent or guardian do so for you.
        </p>
      </>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans, payment and renewal',
    content: (
      <>
        <p>
          Every account starts on the free Starter plan. The paid plans are {paidPlans}, billed in US dollars
          through our card payment provider. A paid plan renews automatically each month until you cancel it.
          Each plan&apos;s limits on design slots per workspace, AI tokens and storage are shown on the{' '}
          <Link to="/#pricing">pricing table</Link> and in Your Account.
        </p>
        <p>
          Coupon codes apply only as described with the offer. We may change prices for the future; a new
          price applies from your next renewal after we have told you about it under section 12.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Cancellation and refunds',
    content: (
      <p>
        You can cancel a paid plan at any time from Your Account; the plan then ends when the period you have
        paid for runs out. Refunds follow our <Link to="/returns">Refund Policy</Link>: you may ask within 7
        days of a purchase, and some purchases, such as discounted offers, are not refundable.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    content: (
      <>
        <p>
          Your designs, templates, mockups and listing texts stay yours. You give PodFlow only the permission
          it needs to store, process and send them where you tell it to (for example to a print provider, a
          store or an AI service that writes metadata) in order to run the service for you.
        </p>
        <p>
          You confirm that you own your content or have the right to use it, and that selling products made
          from it does not break anyone else&apos;s rights, such as copyright or trademarks.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>Please do not use PodFlow to:</p>
        <ul>
          <li>upload or sell content that is unlawful, hateful, or infringes someone else&apos;s rights;</li>
          <li>
            attempt to reach other people&apos;s accounts or data, or to probe or break the service&apos;s
            security;
          </li>
          <li>overload the service, for example with automated requests beyond normal use of the app;</li>
          <li>resell or rent access to the service without our written agreement.</li>
        </ul>
        <p>
          We may suspend an account that does any of these, and will tell you why unless the law prevents it.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Providers and stores you connect',
    content: (
      <p>
        PodFlow works with services run by other companies, such as Printify, Gelato, Shopify, WooCommerce,
        our payment provider and AI providers. Your use of those services is governed by their own terms. You
        are responsible for the keys you give PodFlow and for what is listed in your shops; we are not
        responsible for outages or changes on their side, though we will always tell you clearly when a call
        to one of them fails.
      </p>
    ),
  },
  {
    id: 'ai-content',
    title: 'AI-written metadata',
    content: (
      <p>
        Titles, keywords and descriptions written by AI are suggestions. They can be inaccurate or resemble
        text written for others. Review them before you publish; you are responsible for the listings you
        publish.
      </p>
    ),
  },
  {
    id: 'availability-and-ending',
    title: 'Availability, suspension and closing your account',
    content: (
      <>
        <p>
          We work to keep PodFlow available and your data safe, but we cannot promise that the service will
          never be interrupted. Planned maintenance will be kept short.
        </p>
        <p>
          You may stop using PodFlow at any time and ask us to close your account through the{' '}
          <Link to="/contactus">contact form</Link>. We may close an account that seriously or repeatedly
          breaks these terms. Before an account is closed for any reason other than abuse, you will have the
          chance to download your work.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and liability',
    content: (
      <p>
        The service is provided as it is and as available. To the extent the law allows, PodFlow is not liable
        for indirect losses such as lost profits or lost sales, and our total liability for any claim is
        limited to the amount you paid us in the three months before it arose. Nothing in these terms limits
        rights that the law gives you as a consumer and that cannot be waived.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms, and contact',
    content: (
      <>
        <p>
          We may update these terms as PodFlow grows. We will notify you of any change at least{' '}
          <strong>{noticeOfChangesDays} days before it takes effect</strong>, by e-mail or in the app. If you
          do not agree with a change, you may cancel before it applies; continuing to use PodFlow after that
          date means you accept the new terms.
        </p>
        <p>
          Questions about these terms are welcome through the <Link to="/contactus">contact form</Link>.
        </p>
      </>
    ),
  },
];

/** /terms-and-conditions: twelve numbered sections (SPEC.md). */
export function TermsPage() {
  return (
    <InfoArticle
      eyebrow="Policies"
      title="Terms and Conditions"
      lead="The agreement between you and PodFlow, written to be read. It covers your account, plans and payments, your content, and how we change these terms."
      sections={sections}
      numbered
      withContents
    />
  );
}
