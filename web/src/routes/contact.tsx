import { ContactScreen } from "@/features/contact/components/contact-screen";
import { useSitePageMeta } from "@/lib/seo";

export function ContactRoute() {
  useSitePageMeta("/contact");
  return <ContactScreen />;
}
