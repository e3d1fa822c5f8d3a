import type { ReactNode } from "react";

import { Spinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="brand" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
