import { messages, type Video } from "@reelsmith/core";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { useDeleteVideo } from "../api/video-actions";

/** A finished video's Delete: a corner button on its card, then a dialog, then the files are gone. */
export function DeleteVideoButton({ video }: { video: Video }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteVideo();
  const onConfirm = () =>
    remove.mutate(video.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(messages.videos.deleted);
      },
      onError: (error) => {
        setAsking(false);
        toast.error(error instanceof ApiError ? error.message : messages.videos.actionFailed);
      },
    });
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="absolute top-2 right-2 z-10 grid size-8 place-items-center rounded-full bg-black/70 text-white backdrop-blur transition-colors hover:bg-destructive focus-visible:bg-destructive focus-visible:outline-none"
        aria-label={`Delete ${video.title}`}
        title={messages.videos.delete}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
      <ConfirmDialog
        open={asking}
        title={messages.videos.deleteTitle}
        description={messages.videos.deleteBody}
        confirmLabel={messages.videos.delete}
        destructive
        busy={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
