import type { RecurrenceRule } from "@upwatch/core";
import { useRef, useState } from "react";
import {
  fromLocalInput,
  suggestedWindow,
  toLocalInput,
  windowProblems,
} from "../status-maintenance/maintenance-times.ts";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { ChoiceFieldset } from "./choice-fieldset.tsx";
import type { MaintenanceWindow, MaintenanceWindowInput } from "./maintenance-windows-api.ts";
import { draftOf, ruleOf, todayInBrowser } from "./recurrence-draft.ts";
import { RecurrenceFields, RepeatsField } from "./recurrence-fields.tsx";
import { WindowTimesFields } from "./window-times-fields.tsx";

interface Named {
  id: string;
  name: string;
}

/**
 * Scheduling maintenance of monitors and groups, or changing a window (`editing`): once, or on
 * a rule in the account's time zone. Unchanged timing is not sent, so a series keeps its past.
 */
export function MaintenanceWindowForm({
  monitors,
  groups,
  timeZone,
  editing,
  submitLabel = "Schedule maintenance",
  onSubmit,
  onCancel,
}: {
  monitors: readonly Named[];
  groups: readonly Named[];
  timeZone: string;
  editing?: MaintenanceWindow | undefined;
  submitLabel?: string;
  onSubmit(input: MaintenanceWindowInput): Promise<void>;
  onCancel?: (() => void) | undefined;
}) {
  const idPrefix = editing ? `maintenance-window-${editing.id}` : "maintenance-window-new";
  const suggested = suggestedWindow(Date.now());
  const [title, setTitle] = useState(editing?.title ?? "");
  const [note, setNote] = useState(editing?.note ?? "");
  const initialStart =
    editing && !editing.recurrence ? toLocalInput(editing.starts_at) : suggested.start;
  const initialEnd =
    editing?.ends_at && !editing.recurrence ? toLocalInput(editing.ends_at) : suggested.end;
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [draft, setDraft] = useState(() =>
    draftOf(editing?.recurrence as RecurrenceRule | null | undefined, todayInBrowser()),
  );
  const [monitorIds, setMonitorIds] = useState<ReadonlySet<string>>(
    new Set(editing?.monitors.map((monitor) => monitor.id)),
  );
  const [groupIds, setGroupIds] = useState<ReadonlySet<string>>(
    new Set(editing?.groups.map((group) => group.id)),
  );
  const titleRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  const recurring = draft.repeats !== "once";
  const rule = recurring ? ruleOf(draft) : undefined;

  const {
    errors,
    busy,
    onSubmit: submit,
  } = useFormSubmission({
    focus: { title: titleRef, starts_at: startRef, ends_at: endRef },
    check: () => ({
      title: title.trim() ? undefined : "Give the maintenance a title, such as “Weekly patching”.",
      ...(recurring ? {} : windowProblems(start, end, Date.now(), !editing)),
      recurrence: rule && "problem" in rule ? rule.problem : undefined,
      targets:
        monitorIds.size + groupIds.size === 0
          ? "Choose at least one monitor or group for the window to cover."
          : undefined,
    }),
    send: async () => {
      const sameRule =
        rule !== undefined &&
        "rule" in rule &&
        JSON.stringify(rule.rule) === JSON.stringify(editing?.recurrence);
      const sameTimes =
        editing && !editing.recurrence && start === initialStart && end === initialEnd;
      await onSubmit({
        title: title.trim(),
        note: note.trim(),
        monitor_ids: [...monitorIds],
        group_ids: [...groupIds],
        ...(rule && "rule" in rule
          ? sameRule
            ? {}
            : { recurrence: rule.rule }
          : sameTimes
            ? {}
            : { starts_at: fromLocalInput(start) ?? "", ends_at: fromLocalInput(end) ?? "" }),
      });
      if (editing) return;
      setTitle("");
      setNote("");
      setMonitorIds(new Set());
      setGroupIds(new Set());
    },
    refusal: ({ status, detail }) => {
      if (status !== 400) return { form: detail };
      if (/^title\b/.test(detail)) return { title: detail };
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
      <ChoiceFieldset
        legend="Monitors"
        idPrefix={`${idPrefix}-m`}
        items={monitors}
        chosen={monitorIds}
        onChange={setMonitorIds}
      />
      <ChoiceFieldset
        legend="Groups (their members now and later)"
        idPrefix={`${idPrefix}-g`}
        items={groups}
        chosen={groupIds}
        onChange={setGroupIds}
      />
      {errors.targets ? <p className="field-error">{errors.targets}</p> : null}
      <RepeatsField idPrefix={idPrefix} draft={draft} onChange={setDraft} timeZone={timeZone} />
      {recurring ? (
        <RecurrenceFields
          idPrefix={idPrefix}
          draft={draft}
          onChange={setDraft}
          timeZone={timeZone}
          error={errors.recurrence}
        />
      ) : (
        <WindowTimesFields
          idPrefix={idPrefix}
          start={start}
          end={end}
          onStartChange={setStart}
          onEndChange={setEnd}
          startRef={startRef}
          endRef={endRef}
          errors={errors}
          zoneHint={`Your browser's time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`}
        />
      )}
      <Field
        id={`${idPrefix}-note`}
        label="Note for the team"
        required={false}
        hint="Why, and what to expect. Never shown publicly."
      >
        <textarea rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
