import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button.tsx";
import { FormError } from "./form-error.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens if the visitor confirms, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The server's answer when confirming failed. */
  error?: string | undefined;
  /** Danger for what cannot be undone. */
  tone?: "danger" | "primary";
  confirmDisabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question before something that cannot be undone. Focus moves into it, Escape and
 * Cancel close it, and focus returns where it was.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  tone = "danger",
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="app-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmDisabled && !busy) onConfirm();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <div id={bodyId} className="app-dialog-body">
            {children}
          </div>
          <FormError message={error} />
          <div className="app-dialog-actions">
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={tone}
              busy={busy}
              busyLabel={busyLabel}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
