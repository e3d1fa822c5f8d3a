/** Home greeting: the first name, else the part of the e-mail before the @, else 'User'. */
export function greetingName(user: { name?: string | null; email?: string | null } | null | undefined): string {
  const first = user?.name?.trim().split(/\s+/)[0];
  if (first) return first;
  const local = user?.email?.split("@")[0]?.trim();
  if (local) return local;
  return "User";
}

/** Initials for an avatar without an image: up to two letters from the name, else the e-mail. */
export function initials(user: { name?: string | null; email?: string | null } | null | undefined): string {
  const words = (user?.name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}`.toUpperCase();
  if (words.length === 1) return (words[0] ?? "").slice(0, 2).toUpperCase();
  const local = (user?.email ?? "").split("@")[0] ?? "";
  return local.slice(0, 2).toUpperCase() || "U";
}
