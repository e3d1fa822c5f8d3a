import { messages } from "@reelsmith/core";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { FOOTER_GROUPS, footerRoutes, socialLinks } from "@/lib/site-routes";
import { TikTokIcon, XIcon, YouTubeIcon } from "./social-icons";

const SOCIAL_ICONS = { TikTok: TikTokIcon, YouTube: YouTubeIcon, X: XIcon } as const;

export function PublicFooter() {
  const groups = FOOTER_GROUPS.map((group) => ({ ...group, links: footerRoutes(group.id) })).filter(
    (group) => group.links.length > 0,
  );

  return (
    <footer className="cv-auto border-t border-border/60 bg-card/30">
      <div className="container-page grid grid-cols-2 gap-10 py-12 md:grid-cols-4 md:py-16 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-4 lg:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Vertical short videos for TikTok, Reels and Shorts, made in seconds. Open source and self-hostable.
          </p>
          <p className="inline-flex max-w-xs rounded-lg border border-primary/30 bg-primary/10 px-3 py-2 text-sm text-foreground">
            {messages.promo.text}
          </p>
          <ul className="flex items-center gap-2" aria-label="Social media">
            {socialLinks.map((social) => {
              const Icon = SOCIAL_ICONS[social.label];
              return (
                <li key={social.label}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="grid size-9 place-items-center rounded-full border text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        {groups.map((group) => (
          <nav key={group.id} aria-label={group.label} className="space-y-3">
            <h2 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{group.label}</h2>
            <ul className="space-y-2">
              {group.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="text-sm text-foreground/80 transition-colors hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border/60">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Reelsmith. All rights reserved.</p>
          <p>Made for creators who never want to show their face.</p>
        </div>
      </div>
    </footer>
  );
}
