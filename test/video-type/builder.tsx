/**
 * The test type's builder config and route module (a real type's are `web/src/features/<f>/` and
 * `web/src/routes/app/<page>.tsx`). The product's BuilderShell posts to the product's types only, so this
 * route shows the config's steps instead of rendering the shell.
 */
import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";

interface QuoteCardDraft extends Record<string, unknown> {
  quote: string;
  background_video: string | null;
  background_music: string;
}

export const quoteCardBuilder = defineBuilder<QuoteCardDraft, "quote-card">({
  type: "quote-card",
  title: "Quote Card",
  description: "A quote on screen over gameplay, with a song.",
  defaults: { quote: "", background_video: null, background_music: "none" },
  messages: { incomplete: "Write a quote and pick a background.", failed: "The video could not be created." },
  steps: [
    {
      label: "Quote",
      hint: "Write the quote and pick the gameplay under it.",
      fields: ["quote", "background_video"],
      Component: ({ draft }: BuilderStepProps<QuoteCardDraft>) => <p>{draft.quote}</p>,
    },
  ],
});

export function QuoteCardRoute() {
  return (
    <ol>
      {quoteCardBuilder.steps.map((step) => (
        <li key={step.label}>{step.label}</li>
      ))}
    </ol>
  );
}
