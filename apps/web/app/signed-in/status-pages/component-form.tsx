import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import { useId, useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { LinkedMonitorsPicker } from "./linked-monitors-picker.tsx";
import type { ComponentFields, StatusComponent, StatusSection } from "./status-pages-api.ts";

interface ComponentFormProps {
  /** The component being changed; a new one when absent. */
  component?: StatusComponent;
  sections: readonly StatusSection[];
  /** The section a new component goes in. */
  sectionId?: string | null;
  submitLabel: string;
  onSubmit(fields: ComponentFields): Promise<void>;
  onCancel?(): void;
}

/** A component's name, description, section, linked monitors and whether it follows them. */
export function ComponentForm(props: ComponentFormProps) {
  const { component, sections, submitLabel, onCancel } = props;
  const key = useId();
  const [name, setName] = useState(component?.name ?? "");
  const [description, setDescription] = useState(component?.description ?? "");
  const [sectionId, setSectionId] = useState(component?.section_id ?? props.sectionId ?? "");
  const [monitorIds, setMonitorIds] = useState(component?.monitors.map((m) => m.id) ?? []);
  const [follow, setFollow] = useState(component?.follow_monitors ?? false);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef, description: descriptionRef },
    check: () => ({
      name: name.trim() ? undefined : "Give the component a name, such as API or Website.",
    }),
    send: async () => {
      await props.onSubmit({
        name: name.trim(),
        description: description.trim(),
        section_id: sectionId || null,
        monitor_ids: monitorIds,
        follow_monitors: follow && monitorIds.length > 0,
      });
      if (!component) {
        setName("");
        setDescription("");
        setMonitorIds([]);
        setFollow(false);
      }
    },
    refusal: ({ detail }) =>
      /\bname\b/i.test(detail)
        ? { name: detail }
        : /description/i.test(detail)
          ? { description: detail }
          : { form: detail },
  });

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id={`${key}-name`}
        label="Component name"
        error={errors.name}
        maxLength={STATUS_PAGE_LIMITS.componentNameChars}
        value={name}
        onChange={setName}
      />
      <Field
        id={`${key}-description`}
        label="Description"
        hint="Shown to visitors under the name."
        error={errors.description}
        required={false}
      >
        <textarea
          ref={descriptionRef}
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      {sections.length > 0 ? (
        <Field id={`${key}-section`} label="Section" required={false}>
          <select value={sectionId} onChange={(event) => setSectionId(event.target.value)}>
            <option value="">No section</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <LinkedMonitorsPicker selected={monitorIds} onChange={setMonitorIds} />
      <label className="app-check">
        <input
          type="checkbox"
          checked={follow && monitorIds.length > 0}
          disabled={monitorIds.length === 0}
          onChange={(event) => setFollow(event.target.checked)}
        />
        <span>
          Follow the linked monitors automatically{" "}
          <span className="app-muted">
            (Major Outage when one goes down, Operational when all are back up)
          </span>
        </span>
      </label>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
