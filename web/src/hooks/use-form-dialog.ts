import { useEffect } from "react";

/**
 * A dialog holding a form that a mutation sends: a fresh form and mutation each time it opens (not as it closes,
 * which would empty it while it fades out), and no closing while the mutation is sending. Returns the dialog's
 * onOpenChange.
 */
export function useFormDialog(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  form: { reset: () => void },
  mutation: { reset: () => void; isPending: boolean },
): (open: boolean) => void {
  const resetForm = form.reset;
  const resetMutation = mutation.reset;
  useEffect(() => {
    if (!open) return;
    resetForm();
    resetMutation();
  }, [open, resetForm, resetMutation]);
  return (next: boolean) => {
    if (!mutation.isPending) onOpenChange(next);
  };
}
