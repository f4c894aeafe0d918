import type { StatusIncident, StatusIncidentUpdate } from "@upwatch/api";
import { useEffect, useState } from "react";
import { errorDetail } from "../api-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { messageProblem } from "./incident-form-logic.ts";
import { editIncidentUpdate } from "./incidents-api.ts";

/** Correcting an update's message; subscribers are not mailed again. */
export function EditUpdateDialog({
  pageId,
  incidentId,
  update,
  onDone,
  onCancel,
}: {
  pageId: string;
  incidentId: string;
  update: StatusIncidentUpdate | undefined;
  onDone(incident: StatusIncident): void;
  onCancel(): void;
}) {
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setMessage(update?.message ?? "");
    setError(undefined);
  }, [update]);

  const confirm = async () => {
    if (!update) return;
    const problem = messageProblem(message);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onDone(await editIncidentUpdate(pageId, incidentId, update.id, message.trim()));
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={update !== undefined}
      title="Edit the update's message"
      confirmLabel="Save message"
      busyLabel="Saving..."
      tone="primary"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>The public page shows the corrected message. Subscribers are not mailed again.</p>
      <div className="field">
        <label htmlFor="status-update-edit-message">Message</label>
        <textarea
          id="status-update-edit-message"
          rows={6}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
