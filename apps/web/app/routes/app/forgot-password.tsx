import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, ApiError, apiRequest } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError } from "../../signed-in/field-errors.ts";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { Field } from "../../signed-in/ui/field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Reset your password");
}

/** Asking for a password reset link; the answer is the same whether or not the address exists. */
export default function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setFieldError(problem);
    setFormError(undefined);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>("POST", "/auth/password-reset", {
        email: email.trim(),
      });
      setSent(answer.message);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.detail : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title="Reset your password"
      lead="Enter the e-mail address of your account and we will send it a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to={`${APP_BASE}/login`}>Log in</Link>
        </p>
      }
    >
      {sent ? (
        <div>
          <p className="app-notice" data-tone="success" role="status">
            {sent}
          </p>
          <p className="form-note">
            No mail after a few minutes? Check the spam folder, or{" "}
            <button type="button" className="link-button" onClick={() => setSent(undefined)}>
              try another address
            </button>
            .
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <FormError message={formError} />
          <Field id="forgot-email" label="E-mail address" error={fieldError}>
            <input
              ref={emailRef}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Button type="submit" busy={busy} busyLabel="Sending...">
            Send the reset link
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}
