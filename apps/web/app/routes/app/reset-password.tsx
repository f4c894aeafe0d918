import type { SessionAnswer } from "@upwatch/api";
import { useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { LoginEnrolStep } from "../../signed-in/security/login-enrol-step.tsx";
import { LoginSecondStep } from "../../signed-in/security/login-second-step.tsx";
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

/**
 * The page the reset mail links to: a new password, then into the app — after the two-factor
 * step when the person has it on (or an account of theirs requires it).
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<{ kind: "code" | "enrol"; challenge: string }>();
  const signedIn = (answer: SessionAnswer) => {
    acceptSession(answer);
    navigate(APP_BASE, { replace: true });
  };
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { password: passwordRef },
    check: () => ({ password: newPasswordError(password) }),
    send: async () => {
      const answer = await call(OP.completePasswordReset, { body: { token, password } });
      if ("csrf_token" in answer) return signedIn(answer);
      setStep({
        kind: answer.two_factor_setup_required ? "enrol" : "code",
        challenge: answer.challenge,
      });
    },
  });
  const toLogin = () => navigate(`${APP_BASE}/login`, { replace: true });

  if (step) {
    return (
      <AuthFrame
        title={step.kind === "code" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        lead="Your new password is saved. One more step to sign in."
      >
        {step.kind === "code" ? (
          <LoginSecondStep challenge={step.challenge} onSignedIn={signedIn} onRestart={toLogin} />
        ) : (
          <LoginEnrolStep challenge={step.challenge} onSignedIn={signedIn} onRestart={toLogin} />
        )}
      </AuthFrame>
    );
  }

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
