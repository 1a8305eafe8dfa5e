import { Link } from 'react-router';
import { InfoArticle, type InfoSection } from './InfoArticle';

/** SPEC.md: the policy's date and the youngest age allowed. */
const lastUpdated = 'July 03, 2024';
const minimumAge = 13;

const sections: InfoSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        PodFlow is a web application that helps print-on-demand sellers turn designs into mockups, listings
        and store products. This policy explains what personal information PodFlow collects, why, who it is
        shared with, and the choices you have. It applies to the PodFlow website and app.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, e-mail address, password (stored only
            as a one-way hash that nobody can read back) and whether you want marketing e-mails.
          </li>
          <li>
            <strong>Your work:</strong> the designs, mockup templates, mockups and listing texts (titles,
            keywords, descriptions) you upload or create.
          </li>
          <li>
            <strong>Connections:</strong> the API keys and shop details you enter to connect Printify, Gelato,
            Shopify or WooCommerce. They are encrypted before we store them and are shown back to you only
            masked.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form, with your name and e-mail
            address.
          </li>
        </ul>
        <h3>Information collected as you use PodFlow</h3>
        <ul>
          <li>
            <strong>Sign-in and security records:</strong> sessions, failed sign-in attempts and the network
            address they came from, used to keep your account safe.
          </li>
          <li>
            <strong>Usage:</strong> how many designs, how much storage and how many AI tokens your account
            uses, so we can apply your plan&apos;s limits.
          </li>
          <li>
            <strong>Page views:</strong> which pages of PodFlow are visited, when analytics is switched on
            (see section 6).
          </li>
        </ul>
        <p>
          We never receive your card number: payments are handled on our payment provider&apos;s own checkout
          page, which tells us only the result and your subscription&apos;s status.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <ul>
        <li>to run the service you asked for: store your work, run your mockup, listing and sync jobs;</li>
        <li>to manage your subscription and apply your plan&apos;s limits;</li>
        <li>to keep PodFlow secure and prevent abuse;</li>
        <li>to answer your messages and send e-mails you need, such as a password reset link;</li>
        <li>to send product news, only if you opted in, with a way to stop in every e-mail;</li>
        <li>to understand which parts of PodFlow are used, so we can improve them.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We do not sell your personal information. We share it only with:</p>
        <ul>
          <li>
            <strong>Services you connect:</strong> when you create listings or sync a store, your designs,
            mockups and listing texts are sent to the print provider or store you chose.
          </li>
          <li>
            <strong>Our AI provider:</strong> when you ask for AI metadata, a reduced copy of the design is
            sent to it to write the suggestion.
          </li>
          <li>
            <strong>Our payment provider:</strong> your e-mail address and plan, to take payments and manage
            your subscription.
          </li>
          <li>
            <strong>Hosting and e-mail providers</strong> that run PodFlow for us under contracts that keep
            your data confidential.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    content: (
      <p>
        PodFlow keeps your sign-in tokens, your name and the workspace you last opened in your browser&apos;s
        local storage, so you stay signed in and return to where you were. Signing out removes them. PodFlow
        does not use advertising cookies.
      </p>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics',
    content: (
      <p>
        When analytics is switched on for PodFlow, the app records page views and the creation of new accounts
        in a tag manager, which may set its own cookies to count visits. It is loaded only when configured;
        when it is not, no analytics script runs and nothing about your visits leaves your browser.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <p>
        We keep your account and your work for as long as your account is open. Deleted designs and mockups
        are removed from our storage. When you ask us to close your account, we delete its data, except
        records the law requires us to keep, such as payment records.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        Passwords are hashed, connection keys are encrypted, sign-in attempts are limited, and every session
        can be signed out from anywhere by changing your password. No system is perfectly secure; if a breach
        ever affects your data, we will tell you promptly.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    content: (
      <p>
        You can see and change your details in Your Account, download your mockups, and delete your designs at
        any time. You can also ask us, through the <Link to="/contactus">contact form</Link>, for a copy of
        your personal information, to correct it, or to delete your account. Depending on where you live, you
        may also have the right to object to some uses or to complain to a data protection authority.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        PodFlow is not meant for children. You must be at least <strong>{minimumAge} years old</strong> to
        create an account, and we do not knowingly collect information from anyone younger. If you believe a
        child under {minimumAge} has given us information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page, and for important changes we
        tell you by e-mail or in the app before they apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any question about your privacy, write to us through the <Link to="/contactus">contact form</Link>
        .
      </p>
    ),
  },
];

/** /privacy-policy: last updated July 03, 2024; minimum age 13 (SPEC.md). */
export function PrivacyPage() {
  return (
    <InfoArticle
      eyebrow="Policies"
      title="Privacy Policy"
      lead="What PodFlow collects, why, who it is shared with, and the choices you have. In short: we use your information to run PodFlow for you, and we never sell it."
      meta={`Last updated ${lastUpdated}`}
      sections={sections}
      withContents
    />
  );
}
