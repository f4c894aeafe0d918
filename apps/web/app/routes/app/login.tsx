import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, ApiError, apiRequest, safeNextPath } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError } from "../../signed-in/field-errors.ts";
import { acceptSession, type SessionAnswer } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { Field } from "../../signed-in/ui/field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { useRedirectIfSignedIn } from "../../signed-in/use-redirect-if-signed-in.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Log in");
}

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
  form?: string | undefined;
}

/** Signing in with e-mail and password; `?next=` (an app path) is where it leads after. */
export default function Login() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const next = safeNextPath(params.get("next"));
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useRedirectIfSignedIn(next);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      email: emailError(email),
      password: password ? undefined : "Enter your password.",
    };
    if (found.email || found.password) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await apiRequest<SessionAnswer>("POST", "/auth/login", {
        email: email.trim(),
        password,
      });
      acceptSession(answer);
      navigate(next, { replace: true });
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.detail : String(error) });
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title="Log in to Upwatch"
      lead="Welcome back. Your monitors kept watch while you were away."
      footer={
        <p>
          No account yet? <Link to={`${APP_BASE}/register`}>Create a free account</Link>
        </p>
      }
    >
      {notice ? (
        <p className="app-notice" data-tone="success" role="status">
          {notice}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <Field id="login-email" label="E-mail address" error={errors.email}>
          <input
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field id="login-password" label="Password" error={errors.password}>
          <input
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <p className="auth-forgot">
          <Link to={`${APP_BASE}/forgot-password`}>Forgot your password?</Link>
        </p>
        <Button type="submit" busy={busy} busyLabel="Signing in...">
          Log in
        </Button>
      </form>
    </AuthFrame>
  );
}
