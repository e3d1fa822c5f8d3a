import { toast } from "sonner";

/** Copies text for the user and says so in a toast: `copied` when it worked, `failed` when the browser refused. */
export async function copyText(text: string, words: { copied: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(words.copied);
    return true;
  } catch {
    toast.error(words.failed);
    return false;
  }
}
