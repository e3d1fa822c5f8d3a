import { Quote, Star } from "lucide-react";

import { SectionHeading } from "@/components/marketing/section-heading";

interface Testimonial {
  name: string;
  role: string;
  quote: string;
}

/** Six testimonials (spec: 'Loved by Content Creators'). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Dana K.",
    role: "Runs three Reddit story pages",
    quote:
      "I used to spend an evening per story: voiceover, captions, gameplay, export. Now I queue five before breakfast and spend my time picking better stories.",
  },
  {
    name: "Marcus T.",
    role: "TikTok Shop seller, skincare",
    quote:
      "One product photo, one click, and I had an ad I could test the same day. Testing six hooks a week instead of one changed what sells for us.",
  },
  {
    name: "Priya S.",
    role: "Social lead at a small agency",
    quote:
      "We run it on our own server for twelve clients. Nobody's footage leaves our machine, and the credits make it easy to bill each account.",
  },
  {
    name: "Leo F.",
    role: "Independent musician",
    quote:
      "I drop in a 20-second cut of a new track and get a rave or nature edit with the hook on screen. It's how my last single found its first listeners.",
  },
  {
    name: "Aisha R.",
    role: "Faceless motivation channel",
    quote:
      "The word-by-word captions are the part I couldn't get right by hand. They land on the beat of the voice, and retention went up when I switched.",
  },
  {
    name: "Tom W.",
    role: "Meme page admin",
    quote:
      "Green-screen memes over my own clips, with a caption and a song, in the time it used to take to find the template. It's the fastest tool I use.",
  },
];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="py-section">
      <div className="container-page">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by Content Creators"
          lead="Storytellers, sellers, agencies and musicians use Reelsmith to post more without showing their face."
        />
        <ul className="mt-12 columns-1 gap-4 space-y-4 md:columns-2 lg:columns-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="break-inside-avoid">
              <figure className="space-y-4 rounded-2xl border bg-card p-6">
                <div className="flex items-center justify-between">
                  <span className="flex text-warning" role="img" aria-label="5 out of 5 stars">
                    {[0, 1, 2, 3, 4].map((i) => (
                      <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                    ))}
                  </span>
                  <Quote className="size-5 text-primary/60" aria-hidden="true" />
                </div>
                <blockquote className="leading-relaxed text-foreground/90">“{t.quote}”</blockquote>
                <figcaption className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-9 place-items-center rounded-full bg-gradient-brand text-sm font-bold text-white"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{t.name}</span>
                    <span className="block text-xs text-muted-foreground">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
