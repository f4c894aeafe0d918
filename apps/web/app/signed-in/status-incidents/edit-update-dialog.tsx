import type { StatusIncident, StatusIncidentUpdate } from "@upwatch/api";
import { CorrectionDialog } from "./correction-dialog.tsx";
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
  return (
    <CorrectionDialog
      open={update !== undefined}
      title="Edit the update's message"
      confirmLabel="Save message"
      note="The public page shows the corrected message. Subscribers are not mailed again."
      fieldId="status-update-edit-message"
      label="Message"
      multiline
      initial={update?.message ?? ""}
      problem={messageProblem}
      save={(message) => editIncidentUpdate(pageId, incidentId, update?.id ?? "", message)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
