import type { signUpSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";

import { authClient } from "@/lib/auth-client";
import { forgetReferral, storedReferral } from "@/lib/referral";
import { authCall } from "./auth-call";
import { accountQueryKey } from "./get-account";

export type SignUpValues = z.output<typeof signUpSchema>;

/** Sends the referral code a visitor arrived with (see lib/referral), so the account is attributed to its referrer. */
export async function signUp(values: SignUpValues) {
  const ref = storedReferral();
  const body = { name: values.name, email: values.email, password: values.password, ...(ref ? { ref } : {}) };
  const result = await authCall(() => authClient.signUp.email(body));
  forgetReferral();
  return result;
}

/** Creates the account (the server signs it in), then refetches the account query. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: "all" }),
  });
}
