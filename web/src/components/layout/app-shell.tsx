import { type Account, messages } from "@reelsmith/core";
import { Coins, Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";

import { Logo, LogoMark } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { AppSidebar } from "./app-sidebar";
import { UserMenu } from "./user-menu";

/**
 * The signed-in frame: a fixed sidebar at >= 1024 px (lg), a slide-in drawer below that, and a top bar
 * with the account menu.
 */
export function AppShell({
  account,
  onSignOut,
  sidebarFooter,
  children,
}: {
  account: Account;
  onSignOut: () => void;
  /** The sidebar's foot, given the drawer's close action when it is drawn inside the drawer. */
  sidebarFooter?: (onNavigate?: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The drawer closes on every navigation (back/forward included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  return (
    // DOM order: top bar, sidebar, content. The sidebar is fixed, so it sits on the left whatever its place.
    <div className="flex min-h-dvh flex-col lg:pl-(--spacing-sidebar)">
      <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border/60 bg-background/75 px-4 backdrop-blur-xl sm:gap-3 sm:px-6 lg:px-8">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 lg:hidden"
          aria-label={messages.shell.openMenu}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Menu className="size-5" />
        </Button>
        <Link to="/home" aria-label="Reelsmith home" className="rounded-md lg:hidden">
          <LogoMark />
        </Link>
        <div className="ml-auto flex items-center gap-3">
          <Link
            to={account.plan ? "/settings" : "/pricing"}
            className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1.5 text-xs font-medium whitespace-nowrap transition-colors hover:border-primary/50"
          >
            <Coins className="size-3.5 text-primary" aria-hidden="true" />
            {messages.credits.available(account.credits)}
          </Link>
          <UserMenu account={account} onSignOut={onSignOut} />
        </div>
      </header>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-(--spacing-sidebar) border-r border-sidebar-border lg:block">
        <AppSidebar footer={sidebarFooter?.()} />
      </aside>

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" showCloseButton={false} className="w-72 max-w-[85vw] gap-0 border-sidebar-border p-0">
          <SheetTitle className="sr-only">{messages.shell.dashboard}</SheetTitle>
          <SheetDescription className="sr-only">Navigation</SheetDescription>
          <AppSidebar
            onNavigate={() => setDrawerOpen(false)}
            footer={sidebarFooter?.(() => setDrawerOpen(false))}
            header={
              <div className="flex items-center justify-between">
                <Logo to="/home" className="px-2" />
                <SheetClose asChild>
                  <Button variant="ghost" size="icon" aria-label={messages.shell.closeMenu}>
                    <X className="size-5" />
                  </Button>
                </SheetClose>
              </div>
            }
          />
        </SheetContent>
      </Sheet>

      <main id="main" className="flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8 lg:py-10">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
