import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

/** Mails a new e-mail confirmation link to the signed-in user (only offered while the e-mail is unconfirmed). */
export function resendConfirmation(email: string) {
  return apiFetch<{ status: boolean }>("/api/auth/send-verification-email", { method: "POST", json: { email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
