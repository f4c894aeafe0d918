import { INCIDENT_STAGES, type IncidentStage } from "@upwatch/core";
import { useRef, useState } from "react";
import { CheckField } from "../ui/check-field.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { ComponentStatePicker } from "./component-state-picker.tsx";
import {
  type ComponentSelection,
  changesOf,
  defaultStateFor,
  messageProblem,
  restage,
  stageLabel,
  titleProblem,
  titleRefusal,
} from "./incident-form-logic.ts";
import type { ComponentChange, StatusComponent } from "./incidents-api.ts";

/** What the form hands over once its fields are valid. */
export interface IncidentFormValues {
  title: string;
  stage: IncidentStage;
  message: string;
  components: ComponentChange[];
  notify_subscribers: boolean;
}

const STAGE_HINTS: Record<IncidentStage, string> = {
  investigating: "You know something is wrong and are looking into it.",
  identified: "You know the cause and are working on a fix.",
  monitoring: "A fix is in place and you are watching the results.",
  resolved: "It is over; this stamps the time the incident ended.",
};

/**
 * Opening an incident (with a title) or posting an update to one: stage, message, the
 * components it affects and their states, and whether subscribers are mailed.
 */
export function IncidentForm({
  idPrefix,
  withTitle,
  components,
  initialStage,
  initialSelection,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  idPrefix: string;
  withTitle: boolean;
  components: readonly StatusComponent[];
  initialStage: IncidentStage;
  initialSelection: ComponentSelection;
  submitLabel: string;
  busyLabel: string;
  onSubmit(values: IncidentFormValues): Promise<void>;
}) {
  const [title, setTitle] = useState("");
  const [stage, setStage] = useState<IncidentStage>(initialStage);
  const [message, setMessage] = useState("");
  const [selection, setSelection] = useState<ComponentSelection>(initialSelection);
  const [notify, setNotify] = useState(true);
  const titleRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const {
    errors,
    busy,
    onSubmit: submit,
  } = useFormSubmission({
    focus: { title: titleRef, message: messageRef },
    check: () => ({
      title: withTitle ? titleProblem(title) : undefined,
      message: messageProblem(message),
    }),
    send: async () => {
      await onSubmit({
        title: title.trim(),
        stage,
        message: message.trim(),
        components: changesOf(selection, components),
        notify_subscribers: notify,
      });
      setTitle("");
      setMessage("");
    },
    refusal: ({ status, detail }) =>
      titleRefusal(status, detail)
        ? { title: detail }
        : status === 400 && /^message\b/i.test(detail)
          ? { message: detail }
          : { form: detail },
  });

  return (
    <form className="app-form status-incident-form" onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      {withTitle ? (
        <TextInputField
          ref={titleRef}
          id={`${idPrefix}-title`}
          label="Title"
          hint="What visitors read first, such as “Checkout is failing”."
          error={errors.title}
          value={title}
          onChange={setTitle}
        />
      ) : null}
      <Field id={`${idPrefix}-stage`} label="Stage" hint={STAGE_HINTS[stage]}>
        <select
          value={stage}
          onChange={(event) => {
            const next = event.target.value as IncidentStage;
            setSelection((current) => restage(current, stage, next));
            setStage(next);
          }}
        >
          {INCIDENT_STAGES.map((option) => (
            <option key={option} value={option}>
              {stageLabel(option)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${idPrefix}-message`}
        label="Message"
        hint="Plain text shown on the public page and mailed to subscribers. Blank lines start a new paragraph; web addresses become links."
        error={errors.message}
      >
        <textarea
          ref={messageRef}
          rows={5}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <ComponentStatePicker
        idPrefix={idPrefix}
        components={components}
        selection={selection}
        defaultState={defaultStateFor(stage)}
        onChange={setSelection}
      />
      <CheckField
        id={`${idPrefix}-notify`}
        label="Mail this to the page's subscribers"
        checked={notify}
        onChange={setNotify}
      />
      <FormActions submitLabel={submitLabel} busy={busy} busyLabel={busyLabel} />
    </form>
  );
}
