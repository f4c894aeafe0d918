import { getPlan } from "@upwatch/core";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, ApiError, apiRequest } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError, newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { acceptSession, type SessionAnswer } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { Field } from "../../signed-in/ui/field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { useRedirectIfSignedIn } from "../../signed-in/use-redirect-if-signed-in.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Create your account");
}

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
  form?: string | undefined;
}

const FREE = getPlan("free");

/** Creating an account: it starts on the Free plan and lands in the app. */
export default function Register() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useRedirectIfSignedIn(APP_BASE);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { email: emailError(email), password: newPasswordError(password) };
    if (found.email || found.password) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await apiRequest<SessionAnswer>("POST", "/auth/register", {
        email: email.trim(),
        password,
      });
      acceptSession(answer);
      navigate(APP_BASE, { replace: true });
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.detail : String(error) });
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title="Create your account"
      lead={`Start on the ${FREE.name} plan: ${FREE.limits.monitors} monitors, checks every ${FREE.limits.minIntervalSeconds / 60} minutes, e-mail alerts. No credit card needed.`}
      footer={
        <p>
          Already have an account? <Link to={`${APP_BASE}/login`}>Log in</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <Field id="register-email" label="E-mail address" error={errors.email}>
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
        <Field id="register-password" label="Password" hint={PASSWORD_RULE} error={errors.password}>
          <input
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" busy={busy} busyLabel="Creating your account...">
          Create account
        </Button>
        <p className="form-note auth-terms">
          By creating an account you agree to the <Link to="/terms">terms</Link> and the{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </form>
    </AuthFrame>
  );
}
