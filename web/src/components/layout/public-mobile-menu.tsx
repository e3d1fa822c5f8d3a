import { messages } from "@reelsmith/core";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import type { SiteRoute } from "@/lib/site-routes";

export interface HeaderAction {
  label: string;
  to: string;
  primary: boolean;
}

/** The public header's menu below 1024 px: a drawer with the same links and actions. */
export function PublicMobileMenu({
  open,
  onOpenChange,
  links,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly SiteRoute[];
  actions: readonly HeaderAction[];
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel={messages.shell.closeMenu} className="w-[85%] max-w-sm">
        <SheetHeader className="border-b">
          <SheetTitle asChild>
            <div>
              <Logo className="w-fit" />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-3">
          {links.map((link) => (
            <Link
              key={link.path}
              to={link.path}
              onClick={close}
              className="rounded-lg px-3 py-3 text-base font-medium transition-colors hover:bg-accent"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t p-4">
          {actions.map((action) => (
            <Button key={action.label} asChild size="lg" variant={action.primary ? "brand" : "outline"}>
              <Link to={action.to} onClick={close}>
                {action.label}
              </Link>
            </Button>
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}
