import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FaqAccordion } from "@/components/marketing/faq-accordion";
import { FAQ } from "@/components/marketing/faq-entries";
import { SectionHeading } from "@/components/marketing/section-heading";

/** The landing page's #faq: the first six questions, and a link to all fifteen. */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="py-section">
      <div className="container-page grid gap-10 lg:grid-cols-[22rem_1fr]">
        <div className="space-y-5">
          <SectionHeading
            id="faq-title"
            align="left"
            eyebrow="FAQ"
            title="Questions, answered"
            lead="Credits, render times, ownership and self-hosting in a nutshell."
          />
          <Link
            to="/faq"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
          >
            See all 15 questions
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <FaqAccordion entries={FAQ.slice(0, 6)} />
      </div>
    </section>
  );
}
