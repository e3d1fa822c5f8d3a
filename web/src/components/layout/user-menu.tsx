import { type Account, messages } from "@reelsmith/core";
import { Coins, ExternalLink, Gift, LogOut, Moon, Settings, Sun } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { accountBadge, planLabel } from "@/lib/account-display";
import { useTheme } from "@/lib/theme";
import { UserAvatar } from "./user-avatar";

export function UserMenu({ account, onSignOut }: { account: Account; onSignOut: () => void }) {
  const { theme, toggleTheme } = useTheme();
  const badge = accountBadge(account);
  const { user } = account;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={messages.shell.accountMenu}
        className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <UserAvatar user={user} className="size-10" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{user.name || user.email}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <div className="mx-2 mb-1 space-y-2 rounded-lg bg-muted/60 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <Coins className="size-4 text-primary" aria-hidden="true" />
            {messages.credits.available(account.credits)}
          </p>
          <div className="flex items-center justify-between gap-2">
            <span className="text-muted-foreground">{planLabel(account)}</span>
            <Badge variant={badge === "Active" ? "success" : "secondary"}>{badge}</Badge>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        {/* Spec: the affiliate page opens in a new tab. */}
        <DropdownMenuItem asChild>
          <a href="/affiliate" target="_blank" rel="noopener">
            <Gift aria-hidden="true" />
            Affiliate
            <ExternalLink className="ml-auto size-3.5 text-muted-foreground" aria-hidden="true" />
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            toggleTheme();
          }}
        >
          {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {theme === "dark" ? "Light theme" : "Dark theme"}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          {messages.auth.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
