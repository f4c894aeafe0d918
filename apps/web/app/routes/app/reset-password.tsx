import type { SessionAnswer } from "@upwatch/api";
import { useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, apiRequest } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { acceptSession } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { PasswordInputField } from "../../signed-in/ui/password-input-field.tsx";
import { useFormSubmission } from "../../signed-in/ui/use-form-submission.ts";

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
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { password: passwordRef },
    check: () => ({ password: newPasswordError(password) }),
    send: async () => {
      const answer = await apiRequest<SessionAnswer>("POST", "/auth/password-reset/complete", {
        token,
        password,
      });
      acceptSession(answer);
      navigate(APP_BASE, { replace: true });
    },
    staysBusy: true,
  });

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
        <FormError message={errors.form} />
        <PasswordInputField
          ref={passwordRef}
          id="reset-password"
          label="New password"
          hint={PASSWORD_RULE}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save and sign in
        </Button>
      </form>
    </AuthFrame>
  );
}
