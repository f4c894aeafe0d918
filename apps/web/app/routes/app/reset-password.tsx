import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, ApiError, apiRequest } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { acceptSession, type SessionAnswer } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { Field } from "../../signed-in/ui/field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Choose a new password");
}

/** The page the reset mail links to: a new password, then straight into the app. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(password);
    setFieldError(problem);
    setFormError(undefined);
    if (problem) {
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<SessionAnswer>("POST", "/auth/password-reset/complete", {
        token,
        password,
      });
      acceptSession(answer);
      navigate(APP_BASE, { replace: true });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.detail : String(error));
      setBusy(false);
    }
  };

  const askAgain = (
    <p>
      <Link to={`${APP_BASE}/forgot-password`}>Ask for a new reset link</Link> or{" "}
      <Link to={`${APP_BASE}/login`}>log in</Link>.
    </p>
  );

  if (!token) {
    return (
      <AuthFrame title="Choose a new password" footer={askAgain}>
        <p className="form-error" role="alert">
          This page needs the link from the reset mail. Open the link in the mail again, or ask for
          a new one.
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Choose a new password"
      lead="After this you are signed in here, and signed out everywhere else."
      footer={askAgain}
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Field id="reset-password" label="New password" hint={PASSWORD_RULE} error={fieldError}>
          <input
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save and sign in
        </Button>
      </form>
    </AuthFrame>
  );
}
