import { Link } from "react-router";

import { LegalDocument, type LegalSection } from "./legal-document";

export const PRIVACY_UPDATED = "September 2, 2025";

/** The eight sections of the privacy policy (spec section 2), written for a self-hostable product. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <>
        <p>We collect only what the service needs to make your videos and run your account:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address and a password, which is stored only as a salted
            hash.
          </li>
          <li>
            <strong>Your content:</strong> the scripts, captions, audio, images and videos you upload or write, and the
            videos Reelsmith makes from them.
          </li>
          <li>
            <strong>Credits and billing records:</strong> your plan, credit balance and purchase history. Card details
            go directly to our card processor, Stripe; we never see or store your card number.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and request logs, kept for security and troubleshooting,
            and a session cookie that keeps you signed in.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: (
      <>
        <p>
          We use your information to provide the service: to sign you in, render your videos, keep your credit balance
          and plan, process payments, answer your messages and keep the service secure and working.
        </p>
        <p>
          We send e-mail only about your account, your purchases and your messages. If the operator of this service
          turns on analytics, page views and checkout events are counted to understand how the site is used; they are
          off unless configured.
        </p>
      </>
    ),
  },
  {
    id: "ai-and-ml",
    title: "AI and machine learning",
    body: (
      <>
        <p>
          Reelsmith uses automated tools (speech synthesis, caption timing and, when enabled, language models) to make
          your videos. <strong>We do not use your private content to train AI or machine-learning models</strong>, ours
          or anyone else's.
        </p>
        <p>
          By default every step runs on the server that hosts this service. When the operator connects an outside
          provider (for example an AI writing or voice service), only the text or media a request needs is sent to it,
          and only to fulfil that request.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Sharing",
    body: (
      <>
        <p>
          <strong>We do not sell your personal data</strong> and do not share it for advertising. We share information
          only with service providers that help us run Reelsmith (payment processing, e-mail delivery, storage and any
          AI or voice provider the operator has enabled), under contracts that limit their use of it to that purpose, or
          when the law requires it.
        </p>
        <p>Your videos are private to your account until you download and post them yourself.</p>
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices",
    body: (
      <>
        <p>You are in control of your information. You can:</p>
        <ul>
          <li>see and correct your profile in Settings;</li>
          <li>download the videos you made at any time;</li>
          <li>delete videos and uploaded files, or ask us to delete your account and its content;</li>
          <li>ask for a copy of the personal data we hold about you.</li>
        </ul>
        <p>
          Reelsmith uses one essential cookie to keep you signed in. It does not set advertising cookies unless the
          operator enables a pixel, which your browser settings can block.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Passwords are hashed with scrypt, sessions use HttpOnly cookies, files are stored under random names and served
        through signed, expiring links, and every request is checked against your account. No system is perfectly
        secure, but we work to protect your information and will tell you promptly if a breach affects it.
      </p>
    ),
  },
  {
    id: "updates",
    title: "Updates to this policy",
    body: (
      <p>
        We may update this policy as the product changes. We will post the new version here with its date and, for
        material changes, tell you by e-mail or in the app before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about privacy, or a request about your data? <Link to="/contact">Send us a message</Link> and we will
        answer within 30 days, usually much sooner.
      </p>
    ),
  },
];

export function PrivacyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          This policy explains what Reelsmith collects, why, and the choices you have. The short version: we use your
          content only to make your videos, never to train AI, and we never sell your data.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
