import { messages } from "@reelsmith/core";
import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { createVideoPath, headerRoutes, SIGN_UP_PATH } from "@/lib/site-routes";
import { cn } from "@/lib/utils";
import type { HeaderAction } from "./public-mobile-menu";

const PublicMobileMenu = lazy(() => import("./public-mobile-menu").then((m) => ({ default: m.PublicMobileMenu })));

function headerActions(signedIn: boolean, pathname: string): HeaderAction[] {
  if (!signedIn) {
    return [
      { label: messages.auth.signIn, to: "/auth", primary: false },
      { label: messages.auth.startFreeTrial, to: SIGN_UP_PATH, primary: true },
    ];
  }
  const actions: HeaderAction[] = [{ label: "Home", to: "/home", primary: false }];
  // "Create Video" is hidden on the builder itself.
  if (pathname !== "/create-video") actions.push({ label: "Create Video", to: createVideoPath(), primary: true });
  return actions;
}

export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code loads on first use; most visitors on a wide screen never open it.
  const [menuRequested, setMenuRequested] = useState(false);
  const links = headerRoutes(signedIn);
  const actions = headerActions(signedIn, pathname);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/75 backdrop-blur-xl supports-[backdrop-filter]:bg-background/60">
      <div className="container-page flex h-16 items-center gap-4">
        <Logo />

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <Link
              key={link.path}
              to={link.path}
              className={cn(
                "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                pathname === link.path && "text-foreground",
              )}
            >
              {link.label}
            </Link>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 sm:flex">
            {actions.map((action) => (
              <Button
                key={action.label}
                asChild
                variant={action.primary ? "brand" : "ghost"}
                className={action.primary ? "" : "hidden lg:inline-flex"}
              >
                <Link to={action.to}>{action.label}</Link>
              </Button>
            ))}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={messages.shell.openMenu}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
          >
            <Menu className="size-5" />
          </Button>
        </div>
      </div>

      {menuRequested ? (
        <Suspense fallback={null}>
          <PublicMobileMenu open={menuOpen} onOpenChange={setMenuOpen} links={links} actions={actions} />
        </Suspense>
      ) : null}
    </header>
  );
}
