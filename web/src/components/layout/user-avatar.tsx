import { type Account, initials } from "@reelsmith/core";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

export function UserAvatar({ user, className }: { user: Account["user"]; className?: string }) {
  return (
    <Avatar className={cn("size-9", className)}>
      {user.image ? <AvatarImage src={user.image} alt="" /> : null}
      <AvatarFallback className="bg-gradient-brand text-xs font-semibold text-white">{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
