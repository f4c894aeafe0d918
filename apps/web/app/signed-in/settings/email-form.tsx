import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { emailError } from "../field-errors.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { EmailInputField } from "../ui/email-input-field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { PasswordInputField } from "../ui/password-input-field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

/** Changing the sign-in e-mail address; the current password proves it is the owner. */
export function EmailForm() {
  const { user, refresh } = useSession();
  const { showToast } = useToast();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef, password: passwordRef },
    check: () => ({
      email:
        emailError(email) ??
        (email.trim().toLowerCase() === user.email.toLowerCase()
          ? "That is already your e-mail address."
          : undefined),
      password: password ? undefined : "Enter your current password.",
    }),
    send: async () => {
      await call(OP.changeEmail, {
        body: { email: email.trim(), current_password: password },
      });
      await refresh();
      setEmail("");
      setPassword("");
      showToast(`You now sign in with ${email.trim()}.`);
    },
    refusal: ({ status, detail }) =>
      status === 403 ? { password: detail } : status === 409 ? { email: detail } : { form: detail },
  });

  return (
    <section className="app-panel" aria-labelledby="email-heading">
      <h2 id="email-heading">E-mail address</h2>
      <p className="app-panel-lead">
        You sign in with <strong>{user.email}</strong>. Alerts of e-mail channels go to the
        addresses set on each channel, not to this one.
      </p>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <EmailInputField
          ref={emailRef}
          id="settings-email"
          label="New e-mail address"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <PasswordInputField
          ref={passwordRef}
          id="settings-email-password"
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <FormActions submitLabel="Change e-mail address" busy={busy} />
      </form>
    </section>
  );
}
