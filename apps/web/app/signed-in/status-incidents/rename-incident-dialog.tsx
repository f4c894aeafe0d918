import type { StatusIncident } from "@upwatch/api";
import { CorrectionDialog } from "./correction-dialog.tsx";
import { titleProblem, titleRefusal } from "./incident-form-logic.ts";
import { renameIncident } from "./incidents-api.ts";

/** Correcting an incident's title; subscribers are not mailed again. */
export function RenameIncidentDialog({
  pageId,
  incident,
  open,
  onDone,
  onCancel,
}: {
  pageId: string;
  incident: StatusIncident;
  open: boolean;
  onDone(incident: StatusIncident): void;
  onCancel(): void;
}) {
  return (
    <CorrectionDialog
      open={open}
      title="Edit the incident's title"
      confirmLabel="Save title"
      note="The public page and its feed show the new title. Subscribers are not mailed again."
      fieldId="status-incident-edit-title"
      label="Title"
      initial={incident.title}
      problem={titleProblem}
      refusalOnField={(failure) => titleRefusal(failure.status, failure.detail)}
      save={(title) => renameIncident(pageId, incident.id, title)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
