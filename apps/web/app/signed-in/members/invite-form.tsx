import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { roleOfChoice, useRoleChoices } from "../roles/role-choices.ts";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

/** Inviting an address with a role; the parent reloads the pending invitations. */
export function InviteForm({ onInvited }: { onInvited(email: string): void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("member");
  const choices = useRoleChoices()();
  const emailRef = useRef<HTMLInputElement>(null);
  const trimmed = email.trim();
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef },
    check: () => ({
      email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)
        ? undefined
        : "Enter the e-mail address of the person to invite.",
    }),
    send: async () => {
      await call(OP.createInvitation, { body: { email: trimmed, ...roleOfChoice(role) } });
      setEmail("");
      onInvited(trimmed);
    },
    refusal: ({ status, detail }) => (status === 400 ? { email: detail } : { form: detail }),
    focusRefused: false,
  });

  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field id="invite-email" label="E-mail address" error={errors.email}>
        <input
          ref={emailRef}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field
        id="invite-role"
        label="Role"
        hint={choices.find((item) => item.value === role)?.hint}
        error={undefined}
      >
        <select value={role} onChange={(event) => setRole(event.target.value)}>
          {choices.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </Field>
      <FormActions submitLabel="Send invitation" busy={busy} busyLabel="Inviting..." />
    </form>
  );
}
