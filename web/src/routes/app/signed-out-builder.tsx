import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { PublicLayout } from "@/components/layout/public-layout";
import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/seo";

/** What a builder page says to a visitor who is not signed in (spec section 8), instead of a redirect. */
export interface SignedOutNotice {
  /** The page's heading. */
  title: string;
  /** The sentence under it. */
  description: string;
  /** A toast shown once as the page opens, when the spec gives one. */
  toast?: { title: string; description: string };
}

export function SignedOutBuilder({ notice, name }: { notice: SignedOutNotice; name: string }) {
  usePageMeta({ title: name, description: notice.description, robots: "noindex, nofollow" });
  useEffect(() => {
    if (notice.toast) toast.error(notice.toast.title, { description: notice.toast.description, id: "signed-out" });
  }, [notice.toast]);
  return (
    <PublicLayout signedIn={false}>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-24 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
          <LogIn className="size-7" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-muted-foreground">{name}</p>
        <h1 className="font-display text-3xl font-bold tracking-tight">{notice.title}</h1>
        <p className="text-muted-foreground">{notice.description}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild variant="brand">
            <Link to="/auth">Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signup">Create a free account</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
