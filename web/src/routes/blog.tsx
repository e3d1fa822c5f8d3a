import { BlogScreen } from "@/features/blog/components/blog-screen";
import { useSitePageMeta } from "@/lib/seo";

export function BlogRoute() {
  useSitePageMeta("/blog");
  return <BlogScreen />;
}
