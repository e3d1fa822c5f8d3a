import { messages } from "@reelsmith/core";
import { LifeBuoy, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ComingSoon } from "@/components/coming-soon";
import { Logo } from "@/components/logo";
import { isRouteAvailable } from "@/lib/site-routes";
import { cn } from "@/lib/utils";
import { appNavItems, isNavItemActive } from "./app-nav";

const itemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-sidebar-foreground/75 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";
const activeClass =
  "bg-sidebar-accent text-sidebar-accent-foreground shadow-[inset_2px_0_0_var(--sidebar-primary)] [&_svg]:text-sidebar-primary";

function SidebarLink({
  to,
  active,
  onNavigate,
  children,
}: {
  to: string;
  active: boolean;
  onNavigate: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(itemClass, active && activeClass)}
    >
      {children}
    </Link>
  );
}

/** Sidebar content: shown fixed at >= 1024 px and inside the drawer below that. */
export function AppSidebar({
  onNavigate,
  header,
  footer,
}: {
  onNavigate?: () => void;
  header?: ReactNode;
  /** Shown under the navigation (the app layout puts the credits card there). */
  footer?: ReactNode;
}) {
  const { pathname } = useLocation();
  const supportAvailable = isRouteAvailable("/support");

  return (
    <div className="flex h-full flex-col gap-6 bg-sidebar px-4 py-5 text-sidebar-foreground">
      {header ?? <Logo to="/home" className="px-2" />}

      <div className="flex flex-1 flex-col gap-6 overflow-y-auto">
        <nav aria-label={messages.shell.dashboard} className="space-y-1">
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            {messages.shell.dashboard}
          </h2>
          {appNavItems.map((item) => (
            <SidebarLink
              key={item.path}
              to={item.path}
              active={isNavItemActive(pathname, item.path)}
              onNavigate={onNavigate}
            >
              <item.icon aria-hidden="true" />
              {item.label}
            </SidebarLink>
          ))}
        </nav>

        <nav aria-label="Account" className="space-y-1">
          {supportAvailable ? (
            <SidebarLink to="/help" active={isNavItemActive(pathname, "/help")} onNavigate={onNavigate}>
              <LifeBuoy aria-hidden="true" />
              Help &amp; Support
            </SidebarLink>
          ) : (
            <ComingSoon reason={messages.comingLater.support} side="right" className="w-full">
              <button type="button" disabled className={cn(itemClass, "pointer-events-none opacity-50")}>
                <LifeBuoy aria-hidden="true" />
                Help &amp; Support
              </button>
            </ComingSoon>
          )}
          <SidebarLink to="/settings" active={isNavItemActive(pathname, "/settings")} onNavigate={onNavigate}>
            <Settings aria-hidden="true" />
            Settings
          </SidebarLink>
        </nav>
      </div>

      {footer}
    </div>
  );
}
