import { type ReactNode, useState } from "react";
import { errorDetail } from "../api-client.ts";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

interface DeletePanelProps {
  headingId: string;
  heading: string;
  /** A panel inside a section of a page takes the level below the section's title. */
  headingLevel?: 2 | 3;
  /** What deleting takes away, said before anyone asks. */
  lead: ReactNode;
  buttonLabel: string;
  /** The question the dialog asks. */
  title: string;
  /** The confirming button; the panel's own button label unless told. */
  confirmLabel?: string;
  confirmDisabled?: boolean;
  /** What goes with it, in the dialog. */
  children: ReactNode;
  /** The request and where to go after it; a throw shows the refusal in the dialog. */
  onDelete(): Promise<void>;
  /** Called after the dialog is closed without deleting. */
  onClose?(): void;
}

/** A danger panel whose button asks first, then deletes while busy and shows any refusal. */
export function DeletePanel({
  headingId,
  heading,
  headingLevel = 2,
  lead,
  buttonLabel,
  title,
  confirmLabel = buttonLabel,
  confirmDisabled = false,
  children,
  onDelete,
  onClose,
}: DeletePanelProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const onConfirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onDelete();
    } catch (problem) {
      setError(errorDetail(problem));
      setBusy(false);
    }
  };

  return (
    <section className="app-panel app-panel-danger" aria-labelledby={headingId}>
      <Heading id={headingId}>{heading}</Heading>
      <p className="app-panel-lead">{lead}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {buttonLabel}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel="Deleting..."
        busy={busy}
        error={error}
        confirmDisabled={confirmDisabled}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
          onClose?.();
        }}
      >
        {children}
      </ConfirmDialog>
    </section>
  );
}
