import type { StatusIncident } from "@upwatch/api";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorDetail } from "../api-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";
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
  const [title, setTitle] = useState(incident.title);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    setTitle(incident.title);
    setFieldError(undefined);
    setFormError(undefined);
  }, [open, incident.title]);

  const refuse = (message: string) => {
    setFieldError(message);
    input.current?.focus();
  };
  const confirm = async () => {
    const problem = titleProblem(title);
    if (problem) return refuse(problem);
    setBusy(true);
    setFieldError(undefined);
    setFormError(undefined);
    try {
      onDone(await renameIncident(pageId, incident.id, title.trim()));
    } catch (failure) {
      const onField =
        failure instanceof ApiError ? titleRefusal(failure.status, failure.detail) : undefined;
      if (onField) refuse(onField);
      else setFormError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Edit the incident's title"
      confirmLabel="Save title"
      busyLabel="Saving..."
      tone="primary"
      busy={busy}
      error={formError}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>The public page and its feed show the new title. Subscribers are not mailed again.</p>
      <Field id="status-incident-edit-title" label="Title" error={fieldError}>
        <input
          ref={input}
          type="text"
          autoComplete="off"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}
