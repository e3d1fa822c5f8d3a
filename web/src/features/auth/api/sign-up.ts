import type { signUpSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";

import { authClient } from "@/lib/auth-client";
import { authCall } from "./auth-call";
import { accountQueryKey } from "./get-account";

export type SignUpValues = z.output<typeof signUpSchema>;

export function signUp(values: SignUpValues) {
  return authCall(() => authClient.signUp.email({ name: values.name, email: values.email, password: values.password }));
}

/** Creates the account (the server signs it in), then refetches the account query. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: "all" }),
  });
}
