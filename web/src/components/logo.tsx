import { Link } from "react-router";

import { cn } from "@/lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-8 place-items-center rounded-[10px] bg-gradient-brand shadow-[0_6px_20px_-6px_var(--brand-glow)]",
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-4 fill-white" aria-hidden="true">
        <path d="M8 5.5v13l10.5-6.5z" />
      </svg>
    </span>
  );
}

export function Logo({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn("flex items-center gap-2.5 rounded-md font-display text-lg font-bold tracking-tight", className)}
    >
      <LogoMark />
      <span>Reelsmith</span>
    </Link>
  );
}
