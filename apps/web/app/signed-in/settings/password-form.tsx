import { type FormEvent, useRef, useState } from "react";
import { ApiError, apiRequest } from "../api-client.ts";
import { newPasswordError, PASSWORD_RULE } from "../field-errors.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";

interface Errors {
  current?: string | undefined;
  next?: string | undefined;
  form?: string | undefined;
}

/** Changing the password; every other session of the user ends. */
export function PasswordForm() {
  const { showToast } = useToast();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      current: current ? undefined : "Enter your current password.",
      next:
        newPasswordError(next) ??
        (next === current ? "Choose a password different from the current one." : undefined),
    };
    if (found.current || found.next) {
      setErrors(found);
      (found.current ? currentRef : nextRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest("PATCH", "/auth/password", {
        current_password: current,
        new_password: next,
      });
      setCurrent("");
      setNext("");
      showToast("Password changed. Every other device was signed out; this one stays signed in.");
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : String(error);
      if (error instanceof ApiError && error.status === 403) {
        setErrors({ current: detail });
        currentRef.current?.focus();
      } else if (error instanceof ApiError && error.status === 400) {
        setErrors({ next: detail });
        nextRef.current?.focus();
      } else {
        setErrors({ form: detail });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p className="app-panel-lead">Changing it signs you out on every other device and browser.</p>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <Field id="settings-current-password" label="Current password" error={errors.current}>
          <input
            ref={currentRef}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </Field>
        <Field
          id="settings-new-password"
          label="New password"
          hint={PASSWORD_RULE}
          error={errors.next}
        >
          <input
            ref={nextRef}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </Field>
        <div className="app-form-actions">
          <Button type="submit" busy={busy} busyLabel="Saving...">
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
