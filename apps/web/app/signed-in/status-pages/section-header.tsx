import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import { useId, useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import type { StatusSection } from "./status-pages-api.ts";

interface SectionHeaderProps {
  section: StatusSection;
  busy: boolean;
  isFirst: boolean;
  isLast: boolean;
  /** Throws the server's refusal for the form to show. */
  onRename(name: string): Promise<void>;
  onMove(offset: -1 | 1): void;
  onDelete(): void;
}

/** A section's heading with its actions: rename, move and delete. */
export function SectionHeader({ section, busy, isFirst, isLast, ...on }: SectionHeaderProps) {
  const [renaming, setRenaming] = useState(false);
  if (renaming) {
    return (
      <RenameSectionForm
        section={section}
        onRename={async (name) => {
          await on.onRename(name);
          setRenaming(false);
        }}
        onCancel={() => setRenaming(false)}
      />
    );
  }
  const name = section.name;
  return (
    <div className="status-group-header">
      <h3>{name}</h3>
      <div className="status-component-controls">
        <Button
          variant="ghost"
          size="small"
          onClick={() => setRenaming(true)}
          aria-label={`Rename section ${name}`}
        >
          Rename
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={busy || isFirst}
          onClick={() => on.onMove(-1)}
          aria-label={`Move up: section ${name}`}
        >
          Move up
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={busy || isLast}
          onClick={() => on.onMove(1)}
          aria-label={`Move down: section ${name}`}
        >
          Move down
        </Button>
        <Button
          variant="ghost"
          size="small"
          onClick={on.onDelete}
          aria-label={`Delete section ${name}`}
        >
          Delete
        </Button>
      </div>
    </div>
  );
}

function RenameSectionForm(props: {
  section: StatusSection;
  onRename(name: string): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [name, setName] = useState(props.section.name);
  const ref = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: ref },
    check: () => ({ name: name.trim() ? undefined : "Give the section a name." }),
    send: () => props.onRename(name.trim()),
    refusal: ({ detail }) => ({ name: detail }),
  });
  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field id={`${id}-name`} label={`New name for ${props.section.name}`} error={errors.name}>
        <input
          ref={ref}
          type="text"
          maxLength={STATUS_PAGE_LIMITS.componentNameChars}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save name
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Adding a section: a heading that groups components on the page. */
export function NewSectionForm({ onCreate }: { onCreate(name: string): Promise<void> }) {
  const [name, setName] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: ref },
    check: () => ({ name: name.trim() ? undefined : "Give the section a name, such as Europe." }),
    send: async () => {
      await onCreate(name.trim());
      setName("");
    },
    refusal: ({ detail }) => ({ name: detail }),
  });
  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field id="new-section-name" label="Section name" error={errors.name}>
        <input
          ref={ref}
          type="text"
          maxLength={STATUS_PAGE_LIMITS.componentNameChars}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <FormActions submitLabel="Add section" busy={busy} busyLabel="Adding..." />
    </form>
  );
}
