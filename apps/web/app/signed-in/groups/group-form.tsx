import { useQueryClient } from "@tanstack/react-query";
import type { Group } from "@upwatch/api";
import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { LoadedMonitors } from "../monitors/loaded-monitors.tsx";
import { OP } from "../operation-routes.ts";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { checkGroupFields, groupErrorsFrom } from "./group-form-errors.ts";
import { GroupMonitorPicker } from "./group-monitor-picker.tsx";
import { storeGroup } from "./store-group.ts";

interface GroupFormProps {
  /** The group being renamed or described; without it the form makes a new one. */
  group?: Group;
  onSaved(group: Group): void;
  onCancel(): void;
}

/** A group's name and description, and for a new group the monitors it starts with. */
export function GroupForm({ group, onSaved, onCancel }: GroupFormProps) {
  const client = useQueryClient();
  const [name, setName] = useState(group?.name ?? "");
  const [description, setDescription] = useState(group?.description ?? "");
  const [monitorIds, setMonitorIds] = useState<string[]>([]);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef, description: descriptionRef },
    check: () => checkGroupFields(name, description),
    send: async () => {
      const fields = { name: name.trim(), description: description.trim() || null };
      const saved = group
        ? await call(OP.updateGroup, { params: { id: group.id }, body: fields })
        : await call(OP.createGroup, { body: { ...fields, monitor_ids: monitorIds } });
      storeGroup(client, saved);
      onSaved(saved);
    },
    refusal: ({ status, detail }) => groupErrorsFrom(status, detail),
    staysBusy: !group,
  });

  return (
    <form className="app-form group-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id="group-name"
        label="Name"
        hint="Such as Checkout, Team Platform or Production."
        error={errors.name}
        value={name}
        onChange={setName}
      />
      <Field
        id="group-description"
        label="Description"
        required={false}
        hint="What the group covers or who looks after it."
        error={errors.description}
      >
        <textarea
          ref={descriptionRef}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      {group ? null : <StartingMonitors selected={monitorIds} onChange={setMonitorIds} />}
      {errors.monitors ? (
        <p className="field-error" role="alert">
          {errors.monitors}
        </p>
      ) : null}
      <FormActions
        submitLabel={group ? "Save changes" : "Create group"}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The account's monitors to start the group with. */
function StartingMonitors({
  selected,
  onChange,
}: {
  selected: string[];
  onChange(ids: string[]): void;
}) {
  return (
    <LoadedMonitors>
      {(monitors) =>
        monitors.length === 0 ? (
          <p className="app-muted">No monitors yet: add them to the group once they exist.</p>
        ) : (
          <GroupMonitorPicker
            legend="Monitors (optional)"
            monitors={monitors}
            selected={selected}
            onChange={onChange}
          />
        )
      }
    </LoadedMonitors>
  );
}
