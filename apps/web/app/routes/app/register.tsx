import { getPlan, REGISTRATION_NOTICES, type RegistrationNow } from "@upwatch/core";
import { useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readCheckoutIntent, withCheckoutIntent } from "../../lib/checkout-intent.ts";
import { getSiteConfig } from "../../lib/site-config.ts";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError, newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { acceptSession } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmailInputField } from "../../signed-in/ui/email-input-field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { PasswordInputField } from "../../signed-in/ui/password-input-field.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useFormSubmission } from "../../signed-in/ui/use-form-submission.ts";
import { useRedirectIfSignedIn } from "../../signed-in/use-redirect-if-signed-in.ts";
import { useRegistrationNow } from "../../signed-in/use-registration-now.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Create your account");
}

const FREE = getPlan("free");

/** What the new account gets: the Free plan on the hosted service, everything on a self-hosted server. */
function registerLead(): string {
  const { edition, registration } = getSiteConfig();
  const owner =
    registration === "first-account"
      ? " The first account made here owns this server; after it, people join by invitation."
      : "";
  if (edition === "self-hosted") return `Every feature is on, without limits.${owner}`;
  return `Start on the ${FREE.name} plan: ${FREE.limits.monitors} monitors, checks every ${FREE.limits.minIntervalSeconds / 60} minutes, e-mail alerts. No credit card needed.${owner}`;
}

/**
 * Creating an account: it starts on the Free plan (every feature, in the self-hosted edition)
 * and lands in the app. A server that does not take sign-ups now (REGISTRATION) says so instead
 * of showing the form.
 */
export default function Register() {
  const registration = useRegistrationNow();
  if (!registration) {
    return (
      <AuthFrame title="Create your account">
        <Skeleton lines={2} label="Asking whether this server takes sign-ups" />
      </AuthFrame>
    );
  }
  return registration === "open" ? <RegisterForm /> : <SignUpsRefused mode={registration} />;
}

const REFUSED_TITLES: Record<Exclude<RegistrationNow, "open">, string> = {
  "invite-only": "Registration is by invitation only",
  closed: "Sign-ups are closed",
};

function SignUpsRefused({ mode }: { mode: Exclude<RegistrationNow, "open"> }) {
  return (
    <AuthFrame
      title={REFUSED_TITLES[mode]}
      footer={
        <p>
          Already have an account? <Link to={`${APP_BASE}/login`}>Log in</Link>
        </p>
      }
    >
      <p className="app-notice" role="status">
        {REGISTRATION_NOTICES[mode]}
      </p>
    </AuthFrame>
  );
}

function RegisterForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [searchParams] = useSearchParams();
  // A plan chosen on the pricing page goes on to the app, which opens its Checkout.
  const landing = withCheckoutIntent(APP_BASE, readCheckoutIntent(searchParams));
  useRedirectIfSignedIn(landing);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef, password: passwordRef },
    check: () => ({ email: emailError(email), password: newPasswordError(password) }),
    send: async () => {
      const answer = await call(OP.register, { body: { email: email.trim(), password } });
      acceptSession(answer);
      navigate(landing, { replace: true });
    },
    staysBusy: true,
  });

  return (
    <AuthFrame
      title="Create your account"
      lead={registerLead()}
      footer={
        <p>
          Already have an account? <Link to={`${APP_BASE}/login`}>Log in</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <EmailInputField
          ref={emailRef}
          id="register-email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <PasswordInputField
          ref={passwordRef}
          id="register-password"
          label="Password"
          hint={PASSWORD_RULE}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" busy={busy} busyLabel="Creating your account...">
          Create account
        </Button>
        {getSiteConfig().edition === "self-hosted" ? null : (
          <p className="form-note auth-terms">
            By creating an account you agree to the <Link to="/terms">terms</Link> and the{" "}
            <Link to="/privacy">privacy policy</Link>.
          </p>
        )}
      </form>
    </AuthFrame>
  );
}
