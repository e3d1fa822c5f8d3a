import { useParams } from "react-router";
import { BatchScreen } from "@/features/batches";
import { usePageMeta } from "@/lib/seo";

export function BatchRoute() {
  usePageMeta({ title: "Batch", description: "A batch of videos being made.", robots: "noindex, nofollow" });
  const { id = "" } = useParams();
  return <BatchScreen id={id} />;
}
