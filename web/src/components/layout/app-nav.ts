import { Clapperboard, Film, House, type LucideIcon } from "lucide-react";

export interface AppNavItem {
  label: string;
  path: string;
  icon: LucideIcon;
}

export const appNavItems: readonly AppNavItem[] = [
  { label: "Home", path: "/home", icon: House },
  { label: "Creator Studio", path: "/create", icon: Clapperboard },
  { label: "Finished Videos", path: "/dashboard", icon: Film },
];

/** A sidebar item is active when the current path starts with the item's path (spec section 2). */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  return pathname.startsWith(itemPath);
}
