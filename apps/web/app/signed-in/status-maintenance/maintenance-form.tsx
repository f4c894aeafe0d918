import type { RecurrenceRule } from "@upwatch/core";
import { useRef, useState } from "react";
import { ChoiceFieldset } from "../maintenance-windows/choice-fieldset.tsx";
import { draftOf, ruleOf, todayInBrowser } from "../maintenance-windows/recurrence-draft.ts";
import { RecurrenceFields, RepeatsField } from "../maintenance-windows/recurrence-fields.tsx";
import { WindowTimesFields } from "../maintenance-windows/window-times-fields.tsx";
import type { StatusComponent } from "../status-incidents/incidents-api.ts";
import { CheckField } from "../ui/check-field.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import type { MaintenanceInput, StatusMaintenance } from "./maintenance-api.ts";
import {
  fromLocalInput,
  suggestedWindow,
  toLocalInput,
  windowProblems,
} from "./maintenance-times.ts";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Scheduling a window, or changing one (`editing`): title, times, components, message. */
export function MaintenanceForm({
  idPrefix,
  components,
  editing,
  submitLabel,
  timeZone,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  components: readonly StatusComponent[];
  /** The account's time zone, in which a recurring window's rule is read. */
  timeZone: string;
  editing?: StatusMaintenance;
  submitLabel: string;
  onSubmit(input: MaintenanceInput, notify: boolean): Promise<void>;
  onCancel?(): void;
}) {
  const suggested = suggestedWindow(Date.now());
  const [title, setTitle] = useState(editing?.title ?? "");
  const [start, setStart] = useState(editing ? toLocalInput(editing.starts_at) : suggested.start);
  const [end, setEnd] = useState(editing?.ends_at ? toLocalInput(editing.ends_at) : suggested.end);
  const [draft, setDraft] = useState(() =>
    draftOf(editing?.recurrence as RecurrenceRule | null | undefined, todayInBrowser()),
  );
  const recurring = draft.repeats !== "once";
  const rule = recurring ? ruleOf(draft) : undefined;
  const sameRule =
    rule !== undefined &&
    "rule" in rule &&
    JSON.stringify(rule.rule) === JSON.stringify(editing?.recurrence);
  const [message, setMessage] = useState(editing?.message ?? "");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    new Set(editing?.components.map((component) => component.component_id) ?? []),
  );
  const [notify, setNotify] = useState(true);
  const titleRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  const {
    errors,
    busy,
    onSubmit: submit,
  } = useFormSubmission({
    focus: { title: titleRef, starts_at: startRef, ends_at: endRef },
    check: () => ({
      title: title.trim() ? undefined : "Give the maintenance a title, such as “Database upgrade”.",
      ...(recurring ? {} : windowProblems(start, end, Date.now(), !editing)),
      recurrence: rule && "problem" in rule ? rule.problem : undefined,
    }),
    send: async () => {
      await onSubmit(
        {
          title: title.trim(),
          message: message.trim(),
          ...(rule && "rule" in rule
            ? sameRule
              ? {}
              : { recurrence: rule.rule }
            : {
                starts_at: fromLocalInput(start) ?? "",
                ends_at: fromLocalInput(end) ?? "",
                ...(editing?.recurrence ? { recurrence: null } : {}),
              }),
          component_ids: components.filter((c) => chosen.has(c.id)).map((c) => c.id),
        },
        notify,
      );
      if (!editing) {
        setTitle("");
        setMessage("");
        setChosen(new Set());
      }
    },
    refusal: ({ status, detail }) => {
      if (status !== 400) return { form: detail };
      if (/^title\b/.test(detail)) return { title: detail };
      if (/^starts_at\b/.test(detail)) return { starts_at: detail };
      if (/^ends_at\b/.test(detail)) return { ends_at: detail };
      if (/recurrence|weekly|daily|monthly|rule/i.test(detail)) return { recurrence: detail };
      return { form: detail };
    },
  });

  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={titleRef}
        id={`${idPrefix}-title`}
        label="Title"
        error={errors.title}
        value={title}
        onChange={setTitle}
      />
      <RepeatsField idPrefix={idPrefix} draft={draft} onChange={setDraft} timeZone={timeZone} />
      {recurring ? (
        <RecurrenceFields
          idPrefix={idPrefix}
          draft={draft}
          onChange={setDraft}
          timeZone={timeZone}
          error={errors.recurrence}
        />
      ) : null}
      <WindowTimesFields
        idPrefix={idPrefix}
        start={start}
        end={end}
        onStartChange={setStart}
        onEndChange={setEnd}
        startRef={startRef}
        endRef={endRef}
        errors={errors}
        zoneHint={`Your time zone: ${zone}.`}
        hidden={recurring}
      />
      <ChoiceFieldset
        legend="Components under maintenance"
        hint="They show Maintenance during the window, and alerts of the monitors linked to them are held (checks still run and are recorded)."
        idPrefix={`${idPrefix}-c`}
        items={components}
        chosen={chosen}
        onChange={setChosen}
      />
      <Field
        id={`${idPrefix}-message`}
        label="Message"
        required={false}
        hint="What visitors should expect, in plain text."
      >
        <textarea rows={4} value={message} onChange={(event) => setMessage(event.target.value)} />
      </Field>
      {editing ? null : (
        <CheckField
          id={`${idPrefix}-notify`}
          label="Announce it to the page's subscribers now"
          checked={notify}
          onChange={setNotify}
        />
      )}
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
