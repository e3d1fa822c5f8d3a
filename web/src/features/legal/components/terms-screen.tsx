import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { LegalDocument, type LegalSection } from "./legal-document";

export const TERMS_UPDATED = "December 2024";

/** The six sections of the terms (spec section 2) with the spec's claims. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "account",
    title: "Your account",
    body: (
      <>
        <p>
          You must be at least <strong>13 years old</strong> to use Reelsmith, and old enough to agree to these terms
          where you live. Give accurate information when you sign up and keep your password to yourself: you are
          responsible for what happens under your account.
        </p>
        <p>Tell us right away if you think someone else has access to it.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>Use Reelsmith lawfully and respectfully. Do not use it to make or spread content that:</p>
        <ul>
          <li>infringes someone else's copyright, trademark, privacy or publicity rights;</li>
          <li>is hateful, harassing, sexually exploitative or promotes violence;</li>
          <li>deceives people, such as fake endorsements, scams or misleading health claims in ads;</li>
          <li>impersonates a real person without their consent.</li>
        </ul>
        <p>
          Do not try to break, overload or get around the limits of the service. We may suspend accounts that break
          these rules.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment",
    body: (
      <>
        <p>
          Paid plans are billed monthly or annually in advance, and one-time credit packs when you buy them. Payments
          are processed by our card processor, <strong>Stripe</strong>. Each plan's monthly credits renew with its
          billing period.
        </p>
        <p>
          You can ask for a <strong>refund within 30 days</strong> of a purchase. We give at least{" "}
          <strong>30 days' notice of price changes</strong>, and a change applies from your next billing period. Credits
          spent on a video that fails to generate are returned automatically.
        </p>
      </>
    ),
  },
  {
    id: "content-ownership",
    title: "Content ownership",
    body: (
      <p>
        You keep all rights to what you upload and to the videos you make. You give us only the permission needed to
        store and process your content to provide the service. Music, footage and other starter-library assets are
        licensed to you for use inside videos made with Reelsmith; you may not redistribute them on their own.
      </p>
    ),
  },
  {
    id: "service-limits",
    title: "Service limits",
    body: (
      <p>
        We aim for <strong>99.9% uptime</strong>, but we cannot promise the service will always be available or free of
        errors. Rendering times depend on demand. Plans have credit allowances and uploads are limited to 10 MB per
        file. We may change or retire features, and will give notice of changes that reduce what your plan includes.
      </p>
    ),
  },
  {
    id: "legal",
    title: "Legal",
    body: (
      <>
        <p>
          These terms are governed by the laws of the <strong>State of California</strong>, USA. Disputes will be
          resolved by binding individual <strong>arbitration</strong>, except that either side may bring a claim in
          small-claims court. The service is provided "as is", and our liability is limited to the amount you paid us in
          the 12 months before a claim.
        </p>
        <p>We may update these terms; continuing to use Reelsmith after a change takes effect means you accept it.</p>
      </>
    ),
  },
];

export function TermsScreen({ accountHref }: { accountHref: string }) {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro={<p>These terms are the agreement between you and Reelsmith when you use the service. Please read them.</p>}
      sections={TERMS_SECTIONS}
      footer={
        <div className="flex flex-col gap-3 rounded-2xl border bg-card p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium">Questions about these terms or your account?</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={accountHref}>Account Settings</Link>
            </Button>
            <Button asChild variant="brand">
              <Link to="/contact">Contact Legal Team</Link>
            </Button>
          </div>
        </div>
      }
    />
  );
}
