import { type FileType, messages, UPLOAD_KINDS, UPLOAD_MAX_BYTES, type UserFile } from "@reelsmith/core";
import { FileAudio, Loader2, Trash2, Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-error";
import { formatBytes, formatShortDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useDeleteFile } from "../api/delete-file";
import { useFiles } from "../api/get-files";
import { useUploadFile } from "../api/upload-file";
import { FieldError } from "../field-error";
import { AudioRow } from "./audio-row";

/** A toast in the spec's words: a title and, when the spec gives one, a description. */
export interface ToastText {
  title: string;
  description?: string;
}

function showError({ title, description }: ToastText) {
  toast.error(title, description ? { description } : undefined);
}

export interface UploadFieldMessages {
  /** The file's type is not one this field takes. */
  invalidType: ToastText;
  /** The file is larger than `maxBytes`. */
  tooLarge: ToastText;
  /** A library file was deleted. */
  deleted: ToastText;
  /** A library file could not be deleted. */
  deleteFailed: ToastText;
}

/** A kind's messages for the field, from its one definition in core (and the library's delete messages). */
export function uploadFieldMessages(kind: FileType): UploadFieldMessages {
  const own = UPLOAD_KINDS[kind].messages;
  return {
    invalidType: { title: own.unsupported },
    tooLarge: { title: own.tooLarge },
    deleted: { title: messages.files.deleted },
    deleteFailed: { title: messages.files.deleteFailed },
  };
}

/** Why a picked file is refused before it is sent, or null when it may be uploaded. */
export function refusalOf(
  file: { name: string; type: string; size: number },
  {
    isAccepted,
    maxBytes,
    messages,
  }: { isAccepted: (file: { name: string; type: string }) => boolean; maxBytes: number; messages: UploadFieldMessages },
): ToastText | null {
  if (!isAccepted(file)) return messages.invalidType;
  if (file.size > maxBytes) return messages.tooLarge;
  return null;
}

/**
 * An upload area (click or drag and drop, with progress) above the user's earlier uploads of the same
 * kind (Your Library): pick one to reuse it, or delete it. The type and size checks run before any
 * byte is sent, with the caller's messages from the spec; the server checks the bytes again.
 */
export function UploadField({
  kind,
  value,
  onChange,
  accept,
  isAccepted,
  maxBytes = UPLOAD_MAX_BYTES,
  messages,
  prompt,
  hint,
  renderPreview,
  error,
}: {
  kind: FileType;
  /** The chosen file's id. */
  value: string | null;
  onChange: (file: UserFile | null) => void;
  /** The file picker's filter (an input's `accept`). */
  accept: string;
  isAccepted: (file: { name: string; type: string }) => boolean;
  maxBytes?: number;
  messages: UploadFieldMessages;
  /** The upload area's main line. */
  prompt: string;
  /** What it takes, under the prompt. */
  hint: string;
  /** The leading picture of a library row (a play button, a thumbnail); an icon when not given. */
  renderPreview?: (file: UserFile) => ReactNode;
  /** Why the server refused the chosen file when the video was generated; shown under the upload area. */
  error?: string | undefined;
}) {
  const inputId = useId();
  const headingId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const files = useFiles(kind);
  const upload = useUploadFile(kind);
  const remove = useDeleteFile();

  const take = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const refusal = refusalOf(file, { isAccepted, maxBytes, messages });
    if (refusal) {
      showError(refusal);
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    upload.mutate(
      { file, onProgress: (percent) => setProgress({ name: file.name, percent }) },
      {
        onSuccess: (stored) => onChange(stored),
        // The server reads the bytes: a file whose content is not of a format the kind takes (a text file
        // renamed .mp3) gets the same words as a refused name; any other refusal (no sound, cut off, too
        // long) is told in the server's own words.
        onError: (error) =>
          showError(
            error instanceof ApiError && error.message === UPLOAD_KINDS[kind].messages.unsupported
              ? messages.invalidType
              : { title: error.message },
          ),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  const deleteFile = (file: UserFile) => {
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.success(
          messages.deleted.title,
          messages.deleted.description ? { description: messages.deleted.description } : undefined,
        );
        if (value === file.id) onChange(null);
      },
      onError: (error) =>
        showError({
          title: messages.deleteFailed.title,
          ...(messages.deleteFailed.description
            ? { description: messages.deleteFailed.description }
            : error instanceof ApiError && error.status === 409
              ? { description: error.message }
              : {}),
        }),
    });
  };

  const items = files.data ?? [];

  return (
    <div className="space-y-6">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-muted/30 px-6 py-10 text-center transition-colors hover:border-primary focus-within:border-primary",
          dragging && "border-primary bg-primary/5",
        )}
      >
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
          {upload.isPending ? (
            <Loader2 className="size-6 animate-spin" aria-hidden="true" />
          ) : (
            <Upload className="size-6" aria-hidden="true" />
          )}
        </span>
        <span className="font-semibold">{prompt}</span>
        <span className="text-sm text-muted-foreground">{hint}</span>
        <input
          id={inputId}
          type="file"
          accept={accept}
          className="sr-only"
          disabled={upload.isPending}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </label>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {progress ? (
        <div className="space-y-2 rounded-xl border bg-card p-4" aria-live="polite">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="truncate font-medium">Uploading {progress.name}</span>
            <span className="tabular-nums text-muted-foreground">{progress.percent}%</span>
          </div>
          <Progress value={progress.percent} aria-label="Upload progress" />
        </div>
      ) : null}

      <section aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="font-semibold">
          Your Library
        </h3>
        {files.isPending ? (
          <Skeleton className="h-14 rounded-lg" />
        ) : files.isError ? (
          <p className="text-sm text-destructive">{files.error.message}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your uploads appear here, ready to use again.</p>
        ) : (
          <div role="radiogroup" aria-labelledby={headingId} className="grid max-h-80 gap-2 overflow-y-auto pr-1">
            {items.map((file) => (
              <AudioRow
                key={file.id}
                selected={value === file.id}
                onSelect={() => onChange(file)}
                preview={
                  renderPreview ? (
                    renderPreview(file)
                  ) : (
                    <span className="grid size-9 shrink-0 place-items-center rounded-full border text-muted-foreground">
                      <FileAudio className="size-4" aria-hidden="true" />
                    </span>
                  )
                }
                title={file.original_filename}
                detail={`${formatBytes(file.size)} · ${formatShortDate(file.created_at)}`}
                actions={
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${file.original_filename}`}
                    disabled={remove.isPending && remove.variables === file.id}
                    onClick={(e) => {
                      e.stopPropagation();
                      deleteFile(file);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                }
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
