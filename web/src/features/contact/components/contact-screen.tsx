import { ArrowRight, BookOpen, HelpCircle } from "lucide-react";
import { Link } from "react-router";
import { TikTokIcon, XIcon, YouTubeIcon } from "@/components/layout/social-icons";
import { PageHero } from "@/components/marketing/page-hero";
import { socialLinks } from "@/lib/site-routes";
import { ContactForm } from "./contact-form";

const SOCIAL_ICONS = { TikTok: TikTokIcon, YouTube: YouTubeIcon, X: XIcon } as const;

/** /contact: the form, quick links to the FAQ and the blog, and the social channels. */
export function ContactScreen() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to the Reelsmith team"
        lead="Questions about your account, plans, a bespoke campaign or running Reelsmith yourself. We reply by e-mail, usually within one working day."
      />
      <div className="container-page grid gap-10 py-section lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="contact-form-title" className="relative rounded-2xl border bg-card p-6 md:p-8">
          <h2 id="contact-form-title" className="mb-6 font-display text-2xl font-bold">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <aside className="space-y-4">
          <div className="rounded-2xl border bg-card p-6">
            <h2 className="mb-4 font-display text-lg font-bold">Quick answers</h2>
            <ul className="space-y-3">
              <li>
                <Link to="/faq" className="group flex items-center gap-3 rounded-lg p-2 -m-2 hover:bg-accent">
                  <HelpCircle className="size-5 text-primary" aria-hidden="true" />
                  <span className="flex-1">
                    <span className="block font-semibold">FAQ</span>
                    <span className="block text-sm text-muted-foreground">Credits, plans, ownership</span>
                  </span>
                  <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
              <li>
                <Link to="/blog" className="group flex items-center gap-3 rounded-lg p-2 -m-2 hover:bg-accent">
                  <BookOpen className="size-5 text-primary" aria-hidden="true" />
                  <span className="flex-1">
                    <span className="block font-semibold">Blog</span>
                    <span className="block text-sm text-muted-foreground">Guides for short-form video</span>
                  </span>
                  <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            </ul>
          </div>
          <div className="rounded-2xl border bg-card p-6">
            <h2 className="mb-4 font-display text-lg font-bold">Follow us</h2>
            <ul className="space-y-2">
              {socialLinks.map((social) => {
                const Icon = SOCIAL_ICONS[social.label];
                return (
                  <li key={social.label}>
                    <a
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-3 rounded-lg p-2 -m-2 hover:bg-accent"
                    >
                      <Icon className="size-5" />
                      <span className="font-medium">{social.label}</span>
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}
