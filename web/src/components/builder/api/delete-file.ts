import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { filesQueryKey } from "@/lib/query-keys";

export function deleteFile(id: string): Promise<void> {
  return apiFetch<void>(`/api/files/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Deletes one upload; every library list refreshes. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
