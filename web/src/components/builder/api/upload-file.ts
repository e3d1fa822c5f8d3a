import { type FileType, fileSchema, messages, type UserFile } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { ApiError } from "@/lib/api-error";
import { filesQueryKey } from "@/lib/query-keys";

/** The server's `{code, message, requestId}` from a failed upload, or a generic error. */
function errorFrom(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; requestId?: unknown };
    if (typeof body.code === "string" && typeof body.message === "string") {
      return new ApiError(
        status,
        body.code,
        body.message,
        typeof body.requestId === "string" ? body.requestId : undefined,
      );
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new ApiError(status, `HTTP_${status}`, messages.common.somethingWentWrong);
}

/**
 * POST /api/files as multipart/form-data. A fetch cannot report upload progress, so this uses
 * XMLHttpRequest and calls `onProgress` with 0-100 as the bytes go out.
 */
export function uploadFile(
  type: FileType,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UserFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/files?type=${encodeURIComponent(type)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFrom(xhr.status, xhr.responseText));
        return;
      }
      try {
        const parsed = fileSchema.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, "INVALID_RESPONSE", messages.common.somethingWentWrong));
      } catch {
        reject(new ApiError(xhr.status, "INVALID_RESPONSE", messages.common.somethingWentWrong));
      }
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "NETWORK_ERROR", messages.common.networkError)));
    xhr.addEventListener("abort", () => reject(new DOMException("The upload was cancelled.", "AbortError")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("type", type);
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** Uploads one file of a kind; the library of that kind refreshes. */
export function useUploadFile(type: FileType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadFile(type, file, onProgress ? { onProgress } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
