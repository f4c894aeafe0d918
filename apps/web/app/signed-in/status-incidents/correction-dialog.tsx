import type { StatusIncident } from "@upwatch/api";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorDetail } from "../api-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";

export interface CorrectionDialogProps {
  open: boolean;
  /** The dialog's heading, such as "Edit the incident's title". */
  title: string;
  confirmLabel: string;
  /** What the correction changes for visitors and subscribers. */
  note: string;
  fieldId: string;
  label: string;
  multiline?: boolean;
  initial: string;
  problem(value: string): string | undefined;
  /** The server's refusals that are about the field; others show above the buttons. */
  refusalOnField?(error: ApiError): string | undefined;
  save(value: string): Promise<StatusIncident>;
  onDone(incident: StatusIncident): void;
  onCancel(): void;
}

/** Correcting one text of an incident (its title, an update's message) without mailing again. */
export function CorrectionDialog(props: CorrectionDialogProps) {
  const { open, initial, problem, refusalOnField, save, onDone } = props;
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!open) return;
    setValue(initial);
    setFieldError(undefined);
    setFormError(undefined);
  }, [open, initial]);

  const refuse = (message: string) => {
    setFieldError(message);
    control.current?.focus();
  };
  const confirm = async () => {
    const found = problem(value);
    if (found) return refuse(found);
    setBusy(true);
    setFieldError(undefined);
    setFormError(undefined);
    try {
      onDone(await save(value.trim()));
    } catch (failure) {
      const onField = failure instanceof ApiError ? refusalOnField?.(failure) : undefined;
      if (onField) refuse(onField);
      else setFormError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };
  const change = (event: { target: { value: string } }) => setValue(event.target.value);
  return (
    <ConfirmDialog
      open={open}
      title={props.title}
      confirmLabel={props.confirmLabel}
      busyLabel="Saving..."
      tone="primary"
      busy={busy}
      error={formError}
      onConfirm={confirm}
      onCancel={props.onCancel}
    >
      <p>{props.note}</p>
      <Field id={props.fieldId} label={props.label} error={fieldError}>
        {props.multiline ? (
          <textarea ref={control} rows={6} value={value} onChange={change} />
        ) : (
          <input ref={control} type="text" autoComplete="off" value={value} onChange={change} />
        )}
      </Field>
    </ConfirmDialog>
  );
}
