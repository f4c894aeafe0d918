import type { SessionAnswer } from "@upwatch/api";
import { REGISTRATION_NOTICES } from "@upwatch/core";
import { useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { getSiteConfig } from "../../lib/site-config.ts";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE, safeNextPath } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError } from "../../signed-in/field-errors.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { LoginEnrolStep } from "../../signed-in/security/login-enrol-step.tsx";
import { LoginSecondStep } from "../../signed-in/security/login-second-step.tsx";
import { acceptSession } from "../../signed-in/session.tsx";
import { SsoLinked, SsoLinkNote } from "../../signed-in/sso/sso-linked.tsx";
import { SsoSignIn } from "../../signed-in/sso/sso-sign-in.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmailInputField } from "../../signed-in/ui/email-input-field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { PasswordInputField } from "../../signed-in/ui/password-input-field.tsx";
import { useFormSubmission } from "../../signed-in/ui/use-form-submission.ts";
import { useRedirectIfSignedIn } from "../../signed-in/use-redirect-if-signed-in.ts";
import { useRegistrationNow } from "../../signed-in/use-registration-now.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Log in");
}

/** After the password: a code is asked, or two-factor must be set up first. */
type SecondStep = { kind: "code" | "enrol"; challenge: string };

/** A sign-in's answer, which names the organisation whose single sign-on it just linked. */
type SignInAnswer = SessionAnswer & { sso_linked_to?: string | undefined };

/**
 * Signing in with e-mail and password, then the two-factor step when there is one; `?next=`
 * (an app path) is where it leads after. `?sso_link=` says why single sign-on refused the
 * address: signing in here once links it.
 */
export default function Login() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const next = safeNextPath(params.get("next"));
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<SecondStep>();
  const ssoLink = params.get("sso_link") ?? undefined;
  const [linkedTo, setLinkedTo] = useState<string>();
  useRedirectIfSignedIn(next);
  const signedIn = (answer: SignInAnswer) => {
    acceptSession(answer);
    if (answer.sso_linked_to) setLinkedTo(answer.sso_linked_to);
    else navigate(next, { replace: true });
  };

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef, password: passwordRef },
    check: () => ({
      email: emailError(email),
      password: password ? undefined : "Enter your password.",
    }),
    send: async () => {
      const answer = await call(OP.login, { body: { email: email.trim(), password } });
      if ("csrf_token" in answer) return signedIn(answer);
      setPassword("");
      setStep({
        kind: answer.two_factor_setup_required ? "enrol" : "code",
        challenge: answer.challenge,
      });
    },
  });
  const restart = () => setStep(undefined);

  if (linkedTo) {
    return (
      <SsoLinked organisation={linkedTo} onContinue={() => navigate(next, { replace: true })} />
    );
  }

  if (step) {
    return (
      <AuthFrame
        title={step.kind === "code" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        lead={email.trim()}
      >
        {step.kind === "code" ? (
          <LoginSecondStep challenge={step.challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : (
          <LoginEnrolStep challenge={step.challenge} onSignedIn={signedIn} onRestart={restart} />
        )}
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Log in to Upwatch"
      lead="Welcome back. Your monitors kept watch while you were away."
      footer={<NoAccountYet />}
    >
      {notice ? (
        <p className="app-notice" data-tone="success" role="status">
          {notice}
        </p>
      ) : null}
      {ssoLink ? <SsoLinkNote message={ssoLink} /> : null}
      <form onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <EmailInputField
          ref={emailRef}
          id="login-email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <PasswordInputField
          ref={passwordRef}
          id="login-password"
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <p className="auth-forgot">
          <Link to={`${APP_BASE}/forgot-password`}>Forgot your password?</Link>
        </p>
        <Button type="submit" busy={busy} busyLabel="Signing in...">
          Log in
        </Button>
      </form>
      <SsoSignIn />
    </AuthFrame>
  );
}

/** Where someone without an account goes: registering, or why this server does not offer it. */
function NoAccountYet() {
  const registration = useRegistrationNow();
  if (!registration) return null;
  if (registration !== "open") return <p>{REGISTRATION_NOTICES[registration]}</p>;
  const what = getSiteConfig().edition === "self-hosted" ? "an account" : "a free account";
  return (
    <p>
      No account yet? <Link to={`${APP_BASE}/register`}>Create {what}</Link>
    </p>
  );
}
