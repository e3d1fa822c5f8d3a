import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { cn } from "@/lib/utils";
import type { FaqEntry } from "./faq-entries";

/** Questions in an accordion: one item open at a time (opening one closes the other), the first open at start. */
export function FaqAccordion({ entries, className }: { entries: readonly FaqEntry[]; className?: string }) {
  return (
    <Accordion
      type="single"
      collapsible
      defaultValue={entries[0]?.id}
      className={cn("rounded-2xl border bg-card px-5 md:px-7", className)}
    >
      {entries.map((entry) => (
        <AccordionItem key={entry.id} value={entry.id}>
          <AccordionTrigger className="py-5 text-base font-semibold hover:no-underline md:text-lg">
            {entry.question}
          </AccordionTrigger>
          <AccordionContent className="text-base leading-relaxed text-muted-foreground">
            {entry.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

/** schema.org FAQPage for the given entries. */
export function faqStructuredData(entries: readonly FaqEntry[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
