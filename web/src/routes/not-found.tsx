import { messages } from "@reelsmith/core";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/seo";

export function NotFoundRoute() {
  usePageMeta({
    title: messages.common.notFoundTitle,
    description: "The page you are looking for does not exist.",
    robots: "noindex, nofollow",
  });
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-6 py-20 text-center">
      <p className="font-display text-8xl font-extrabold text-gradient-brand">404</p>
      <div className="space-y-2">
        <h1 className="font-display text-3xl font-bold">{messages.common.notFoundTitle}</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      </div>
      <Button asChild variant="brand" size="lg">
        <Link to="/">{messages.common.returnHome}</Link>
      </Button>
    </div>
  );
}
