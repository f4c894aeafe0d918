import { AuthFrame } from "../ui/auth-frame.tsx";
import { Button } from "../ui/button.tsx";

/**
 * After a sign-in with the password that finished linking the address to an organisation's
 * single sign-on (refused before in this browser): says so before the app opens.
 */
export function SsoLinked({
  organisation,
  onContinue,
}: {
  organisation: string;
  onContinue(): void;
}) {
  return (
    <AuthFrame title="Single sign-on linked">
      <p className="app-notice" data-tone="success" role="status">
        Your Upwatch sign-in is now linked to {organisation}'s single sign-on. From now on, “Sign in
        with SSO” opens {organisation}.
      </p>
      <Button type="button" onClick={onContinue}>
        Continue
      </Button>
    </AuthFrame>
  );
}

/** The note the login page shows after single sign-on refused an address that already signs in. */
export function SsoLinkNote({ message }: { message: string }) {
  return (
    <p className="app-notice" data-tone="warn" role="status">
      {message}
    </p>
  );
}
