import { type FileType, fileListSchema, type UserFile } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { filesQueryKey } from "@/lib/query-keys";

export function getFiles(type: FileType, { signal }: { signal?: AbortSignal } = {}): Promise<UserFile[]> {
  return apiFetch(`/api/files?type=${encodeURIComponent(type)}`, {
    schema: fileListSchema,
    ...(signal ? { signal } : {}),
  }).then((list) => list.items);
}

export function filesQueryOptions(type: FileType) {
  return queryOptions({
    queryKey: [...filesQueryKey, type] as const,
    queryFn: ({ signal }) => getFiles(type, { signal }),
  });
}

/** The user's earlier uploads of one kind, newest first (Your Library). */
export function useFiles(type: FileType) {
  return useQuery(filesQueryOptions(type));
}
