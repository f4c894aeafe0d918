import type { InvitationPreview, SessionAnswer } from "@upwatch/api";
import { teamInSentence, teamName } from "@upwatch/core";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { getSiteConfig } from "../../lib/site-config.ts";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE, errorDetail, loginPath } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { newPasswordError, PASSWORD_RULE } from "../../signed-in/field-errors.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { LoginEnrolStep } from "../../signed-in/security/login-enrol-step.tsx";
import { acceptSession, fetchSession } from "../../signed-in/session.tsx";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { PasswordInputField } from "../../signed-in/ui/password-input-field.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useFormSubmission } from "../../signed-in/ui/use-form-submission.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Join an account");
}

type Loaded =
  | { status: "loading" }
  | { status: "refused"; detail: string }
  | { status: "ready"; invitation: InvitationPreview; signedInAs: string | undefined };

/**
 * The page an invitation mail links to: it shows the invitation, then lets the invited person
 * accept (signed in as that address), choose a password and join (no sign-in yet, unless the
 * server takes no new sign-ups), or log in.
 */
export default function Invitation() {
  const token = useParams().token ?? "";
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  useEffect(() => {
    let current = true;
    (async () => {
      try {
        const invitation = await call(OP.showInvitation, { params: { token } });
        const session = await fetchSession();
        if (session) acceptSession(session);
        if (current) setLoaded({ status: "ready", invitation, signedInAs: session?.user.email });
      } catch (error) {
        if (current) setLoaded({ status: "refused", detail: errorDetail(error) });
      }
    })();
    return () => {
      current = false;
    };
  }, [token]);

  if (loaded.status === "loading") {
    return (
      <AuthFrame title="Join an account">
        <Skeleton lines={3} label="Loading the invitation" />
      </AuthFrame>
    );
  }
  if (loaded.status === "refused") {
    return (
      <AuthFrame
        title="Join an account"
        footer={
          <p>
            <Link to={`${APP_BASE}/login`}>Log in</Link>
          </p>
        }
      >
        <p className="form-error" role="alert">
          {loaded.detail}
        </p>
      </AuthFrame>
    );
  }
  const { invitation, signedInAs } = loaded;
  const lead = `${invitation.invited_by ?? "Someone"} invited ${invitation.email} to join ${teamInSentence(invitation.account_name, invitation.invited_by)} as ${invitation.role_name}.`;
  const here = `${APP_BASE}/invitations/${token}`;
  if (signedInAs && signedInAs.toLowerCase() === invitation.email.toLowerCase()) {
    return (
      <AuthFrame title={`Join ${teamName(invitation.account_name)}`} lead={lead}>
        <AcceptInvitation token={token} />
      </AuthFrame>
    );
  }
  if (signedInAs) {
    return (
      <AuthFrame title={`Join ${teamName(invitation.account_name)}`} lead={lead}>
        <p>
          You are signed in as {signedInAs}. This invitation is for {invitation.email}: sign out,
          then <Link to={loginPath(here)}>log in as {invitation.email}</Link> to accept it.
        </p>
      </AuthFrame>
    );
  }
  if (invitation.has_person) {
    return (
      <AuthFrame title={`Join ${teamName(invitation.account_name)}`} lead={lead}>
        <p>
          {invitation.email} already signs in to Upwatch.{" "}
          <Link to={loginPath(here)}>Log in to accept the invitation</Link>.
        </p>
      </AuthFrame>
    );
  }
  if (getSiteConfig().registration === "closed") {
    return (
      <AuthFrame title={`Join ${teamName(invitation.account_name)}`} lead={lead}>
        <p className="app-notice" role="status">
          {invitation.email} has no sign-in on this server, and it takes no new sign-ups: ask the
          server's operator to create a sign-in for {invitation.email}, then{" "}
          <Link to={loginPath(here)}>log in to accept the invitation</Link>.
        </p>
      </AuthFrame>
    );
  }
  return <RegisterByInvitation token={token} invitation={invitation} lead={lead} />;
}

function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const onAccept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(OP.acceptInvitation, { params: { token } });
      acceptSession(answer);
      navigate(APP_BASE, { replace: true });
    } catch (failure) {
      setError(errorDetail(failure));
      setBusy(false);
    }
  };
  return (
    <>
      <FormError message={error} />
      <Button onClick={() => void onAccept()} busy={busy} busyLabel="Joining...">
        Accept the invitation
      </Button>
    </>
  );
}

/**
 * Choosing a password and joining; when the account requires two-factor sign-in, the person
 * sets it up (as on the login page) before they are signed in.
 */
function RegisterByInvitation({
  token,
  invitation,
  lead,
}: {
  token: string;
  invitation: InvitationPreview;
  lead: string;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const [enrolment, setEnrolment] = useState<string>();
  const signedIn = (answer: SessionAnswer) => {
    acceptSession(answer);
    navigate(APP_BASE, { replace: true });
  };
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { password: passwordRef },
    check: () => ({ password: newPasswordError(password) }),
    send: async () => {
      const answer = await call(OP.registerByInvitation, {
        params: { token },
        body: { password },
      });
      if ("csrf_token" in answer) return signedIn(answer);
      setPassword("");
      setEnrolment(answer.challenge);
    },
  });
  if (enrolment) {
    return (
      <AuthFrame
        title="Set up two-factor sign-in"
        lead={`You joined ${teamInSentence(invitation.account_name, null)}, which requires two-factor sign-in. Set it up to sign in.`}
      >
        <LoginEnrolStep
          challenge={enrolment}
          onSignedIn={signedIn}
          onRestart={() => navigate(loginPath(APP_BASE), { replace: true })}
        />
      </AuthFrame>
    );
  }
  const email = invitation.email;
  return (
    <AuthFrame title={`Join ${teamName(invitation.account_name)}`} lead={lead}>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <p>You will sign in as {email}.</p>
        <PasswordInputField
          ref={passwordRef}
          id="invitation-password"
          label="Choose a password"
          hint={PASSWORD_RULE}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" busy={busy} busyLabel="Joining...">
          Join the account
        </Button>
      </form>
    </AuthFrame>
  );
}
