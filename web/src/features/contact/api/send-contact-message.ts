import type { ContactMessage, ContactResponse } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

/** The spec's send-contact-email: POST /api/contact. */
export function sendContactMessage(message: ContactMessage): Promise<ContactResponse> {
  return apiFetch<ContactResponse>("/api/contact", { method: "POST", json: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
