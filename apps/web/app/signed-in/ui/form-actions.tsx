import { Button } from "./button.tsx";

interface FormActionsProps {
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  /** Without it the form has no Cancel button. */
  onCancel?(): void;
}

/** A form's submit button, and a Cancel that waits while the form is being sent. */
export function FormActions({
  submitLabel,
  busy,
  busyLabel = "Saving...",
  onCancel,
}: FormActionsProps) {
  return (
    <div className="app-form-actions">
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
