import { accountSchema, type ProfileUpdate } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { accountQueryKey } from "@/lib/query-keys";

export function updateProfile(update: ProfileUpdate) {
  return apiFetch("/api/account", { method: "PATCH", json: update, schema: accountSchema });
}

/** Saves name and/or avatar; the account everywhere (shell, menu) shows the result at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
