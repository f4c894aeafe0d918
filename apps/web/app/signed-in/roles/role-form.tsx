import { CUSTOM_ROLE_NAME_MAX } from "@upwatch/api";
import { ASSIGNABLE_PERMISSIONS, PERMISSION_DESCRIPTIONS } from "@upwatch/core";
import { useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import type { RoleAnswer, RoleInput } from "./roles-api.ts";

/** A custom role's name and permissions; `view` is always part of it, so it is not offered. */
export function RoleForm({
  role,
  submitLabel,
  onSubmit: save,
  onCancel,
}: {
  role?: RoleAnswer | undefined;
  submitLabel: string;
  onSubmit(input: RoleInput): Promise<void>;
  onCancel?: (() => void) | undefined;
}) {
  const [name, setName] = useState(role?.name ?? "");
  const [chosen, setChosen] = useState<Set<string>>(new Set(role?.permissions ?? []));
  const nameRef = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef },
    check: () => ({
      name: !trimmed
        ? "Give the role a name, such as “On call” or “Status page editor”."
        : trimmed.length > CUSTOM_ROLE_NAME_MAX
          ? `Use at most ${CUSTOM_ROLE_NAME_MAX} characters; this name has ${trimmed.length}.`
          : undefined,
    }),
    send: async () => {
      await save({
        name: trimmed,
        permissions: ASSIGNABLE_PERMISSIONS.filter((permission) => chosen.has(permission)),
      });
      if (!role) {
        setName("");
        setChosen(new Set());
      }
    },
    refusal: ({ status, detail }) => (status === 409 ? { name: detail } : { form: detail }),
  });
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(permission);
    else next.delete(permission);
    setChosen(next);
  };
  const idPart = role?.id ?? "new";

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id={`role-name-${idPart}`}
        label="Role name"
        error={errors.name}
        maxLength={CUSTOM_ROLE_NAME_MAX + 20}
        value={name}
        onChange={setName}
      />
      <fieldset className="app-fieldset">
        <legend>What people with this role may do</legend>
        <p className="app-muted">
          Everyone in the account can see it; choose what else they may do.
        </p>
        {ASSIGNABLE_PERMISSIONS.filter((permission) => permission !== "view").map((permission) => (
          <label className="app-check" key={permission}>
            <input
              type="checkbox"
              name={`role-permission-${idPart}`}
              value={permission}
              checked={chosen.has(permission)}
              onChange={(event) => toggle(permission, event.target.checked)}
            />
            <span>{PERMISSION_DESCRIPTIONS[permission]}</span>
          </label>
        ))}
      </fieldset>
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
