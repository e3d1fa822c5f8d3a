import { generatedAdCopySchema } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export interface GenerateAdCopyBody {
  product_name: string;
  /** Sent when the server's model sees images, so the copy is written from the photo too. */
  product_image_id?: string;
}

export function generateAdCopy(body: GenerateAdCopyBody) {
  return apiFetch("/api/ai/ad-copy", { method: "POST", json: body, schema: generatedAdCopySchema });
}

/** A hook and a spoken ad for the product. Free; rate limited. */
export function useGenerateAdCopy() {
  return useMutation({ mutationFn: generateAdCopy });
}
