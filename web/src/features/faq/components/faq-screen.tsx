import { LifeBuoy, Mail } from "lucide-react";
import { Link } from "react-router";
import { FaqAccordion, faqStructuredData } from "@/components/marketing/faq-accordion";
import { FAQ } from "@/components/marketing/faq-entries";
import { PageHero } from "@/components/marketing/page-hero";
import { Button } from "@/components/ui/button";
import { JsonLd } from "@/lib/seo";

export function FaqScreen() {
  return (
    <>
      <JsonLd data={faqStructuredData(FAQ)} />
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Credits, render times, ownership, privacy and self-hosting: the answers people ask for most."
      />
      <div className="container-page grid gap-10 py-section lg:grid-cols-[1fr_20rem]">
        <FaqAccordion entries={FAQ} />
        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <div className="space-y-3 rounded-2xl border bg-card p-6">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            <h2 className="font-display text-lg font-bold">Still have a question?</h2>
            <p className="text-sm text-muted-foreground">Send us a message and we will answer by e-mail.</p>
            <Button asChild variant="brand" className="w-full">
              <Link to="/contact">Contact us</Link>
            </Button>
          </div>
          <div className="space-y-3 rounded-2xl border bg-card p-6">
            <LifeBuoy className="size-5 text-primary" aria-hidden="true" />
            <h2 className="font-display text-lg font-bold">Guides and tutorials</h2>
            <p className="text-sm text-muted-foreground">Playbooks for hooks, retention and faceless formats.</p>
            <Button asChild variant="outline" className="w-full">
              <Link to="/support">Help & Support</Link>
            </Button>
          </div>
        </aside>
      </div>
    </>
  );
}
