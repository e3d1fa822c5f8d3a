import { messages } from "@reelsmith/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Loader2, Plus } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A card of things the user keeps a list of (API keys, webhook endpoints): its title and words, a button to add one,
 * and the list as its query stands: loading, its error, the empty line, or one row per item (the rows and the
 * dialogs are the caller's; the dialogs go in `children`).
 */
export function ListCard<T extends { id: string }>({
  title,
  description,
  addLabel,
  onAdd,
  query,
  empty,
  row,
  children,
}: {
  title: string;
  description: ReactNode;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<{ items: T[] }, Error>;
  empty: string;
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle className="font-display text-lg">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loader2 className="text-muted-foreground size-5 animate-spin" aria-label={messages.common.loading} />
        ) : query.isError ? (
          <p className="text-destructive text-sm">{query.error.message}</p>
        ) : query.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="divide-y" aria-label={title}>
            {query.data.items.map((item) => row(item))}
          </ul>
        )}
      </CardContent>
      {children}
    </Card>
  );
}
