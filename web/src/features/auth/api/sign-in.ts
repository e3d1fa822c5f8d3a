import type { signInSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";

import { authClient } from "@/lib/auth-client";
import { authCall } from "./auth-call";
import { accountQueryKey } from "./get-account";

export type SignInValues = z.output<typeof signInSchema>;

export function signIn(values: SignInValues) {
  return authCall(() => authClient.signIn.email({ email: values.email, password: values.password }));
}

/** Signs in, then refetches the account so the protected area opens with fresh data. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: "all" }),
  });
}
