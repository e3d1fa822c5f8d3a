import type { ReactNode } from "react";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: its title, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  footer,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  footer?: ReactNode;
}) {
  return (
    <div className="container-page py-16 md:py-20">
      <header className="mx-auto max-w-3xl space-y-4 border-b pb-8">
        <h1 className="font-display text-headline font-extrabold">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {updated}</p>
        <div className="text-lg text-muted-foreground">{intro}</div>
      </header>
      <div className="mx-auto mt-10 grid max-w-5xl gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Sections" className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">On this page</p>
          <ol className="space-y-2 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted-foreground transition-colors hover:text-foreground">
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {sections.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 space-y-3"
            >
              <h2 id={`${section.id}-title`} className="font-display text-2xl font-bold">
                {i + 1}. {section.title}
              </h2>
              <div className="space-y-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
          {footer}
        </div>
      </div>
    </div>
  );
}
