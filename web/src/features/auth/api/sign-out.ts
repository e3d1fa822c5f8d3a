import { messages } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { authClient } from "@/lib/auth-client";
import { accountQueryKey } from "./get-account";

/** Ends the server session. Resolves true when the server confirmed it; never throws. */
export async function signOut(): Promise<boolean> {
  try {
    const result = await authClient.signOut();
    return !result?.error;
  } catch {
    return false;
  }
}

/**
 * Sign Out returns the visitor to the site root, also when sign-out fails (spec section 2).
 * Whatever the server says, this device forgets the account: the account query becomes null
 * (fresh, so the landing page does not refetch it and bounce to /home) and every other query is dropped.
 * The caller passes `!mutation.isIdle` to the guard, so the guard does not race this with a redirect to /auth.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: signOut,
    onSettled: async (confirmed) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountQueryKey[0] });
      queryClient.setQueryData(accountQueryKey, null);
      await navigate("/", { replace: true });
      if (!confirmed) toast.error(messages.auth.signOutFailed);
    },
  });
}
