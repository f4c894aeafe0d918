import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { newPasswordError, PASSWORD_RULE } from "../field-errors.ts";
import { OP } from "../operation-routes.ts";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { PasswordInputField } from "../ui/password-input-field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

/** Changing the password; every other session of the user ends. */
export function PasswordForm() {
  const { showToast } = useToast();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { current: currentRef, next: nextRef },
    check: () => ({
      current: current ? undefined : "Enter your current password.",
      next:
        newPasswordError(next) ??
        (next === current ? "Choose a password different from the current one." : undefined),
    }),
    send: async () => {
      await call(OP.changePassword, {
        body: { current_password: current, new_password: next },
      });
      setCurrent("");
      setNext("");
      showToast("Password changed. Every other device was signed out; this one stays signed in.");
    },
    refusal: ({ status, detail }) =>
      status === 403 ? { current: detail } : status === 400 ? { next: detail } : { form: detail },
  });

  return (
    <section className="app-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p className="app-panel-lead">Changing it signs you out on every other device and browser.</p>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <PasswordInputField
          ref={currentRef}
          id="settings-current-password"
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={errors.current}
        />
        <PasswordInputField
          ref={nextRef}
          id="settings-new-password"
          label="New password"
          hint={PASSWORD_RULE}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          error={errors.next}
        />
        <FormActions submitLabel="Change password" busy={busy} />
      </form>
    </section>
  );
}
