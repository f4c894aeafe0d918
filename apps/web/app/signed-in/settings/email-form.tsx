import { type FormEvent, useRef, useState } from "react";
import { ApiError, apiRequest } from "../api-client.ts";
import { emailError } from "../field-errors.ts";
import { useSession } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
  form?: string | undefined;
}

/** Changing the sign-in e-mail address; the current password proves it is the owner. */
export function EmailForm() {
  const { user, refresh } = useSession();
  const { showToast } = useToast();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      email:
        emailError(email) ??
        (email.trim().toLowerCase() === user.email.toLowerCase()
          ? "That is already your e-mail address."
          : undefined),
      password: password ? undefined : "Enter your current password.",
    };
    if (found.email || found.password) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest("PATCH", "/auth/email", {
        email: email.trim(),
        current_password: password,
      });
      await refresh();
      setEmail("");
      setPassword("");
      showToast(`You now sign in with ${email.trim()}.`);
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : String(error);
      if (error instanceof ApiError && error.status === 403) {
        setErrors({ password: detail });
        passwordRef.current?.focus();
      } else if (error instanceof ApiError && error.status === 409) {
        setErrors({ email: detail });
        emailRef.current?.focus();
      } else {
        setErrors({ form: detail });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="email-heading">
      <h2 id="email-heading">E-mail address</h2>
      <p className="app-panel-lead">
        You sign in with <strong>{user.email}</strong>. Alerts of e-mail channels go to the
        addresses set on each channel, not to this one.
      </p>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <Field id="settings-email" label="New e-mail address" error={errors.email}>
          <input
            ref={emailRef}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field id="settings-email-password" label="Current password" error={errors.password}>
          <input
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <div className="app-form-actions">
          <Button type="submit" busy={busy} busyLabel="Saving...">
            Change e-mail address
          </Button>
        </div>
      </form>
    </section>
  );
}
