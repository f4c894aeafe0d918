import { useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../api-call.ts";
import { setCsrfToken } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { DeletePanel } from "../ui/delete-panel.tsx";
import { Field } from "../ui/field.tsx";

/** The sentence the home page shows after the account is gone. */
export const ACCOUNT_DELETED_NOTICE =
  "Your account and all its data were deleted, and you are signed out. Thank you for trying Upwatch.";

/** Same rule as the server: the account's address, ignoring case and surrounding spaces. */
function matches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The Danger Zone: deleting the account and everything in it, confirmed by typing its address. */
export function DeleteAccount() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");

  const onDelete = async () => {
    await call(OP.deleteAccount, { body: { confirm_email: typed } });
    setCsrfToken(undefined);
    navigate("/", { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
  };

  return (
    <DeletePanel
      headingId="danger-heading"
      heading="Danger Zone"
      lead="Deleting the account removes it at once with every monitor, check result, alert, channel, API key and delivery log in it. It cannot be undone."
      buttonLabel="Delete Account"
      title="Delete your account permanently?"
      confirmLabel="Delete My Account Permanently"
      confirmDisabled={!matches(typed, user.email)}
      onDelete={onDelete}
      onClose={() => setTyped("")}
    >
      <p>
        Everything in the account is deleted at once and you are signed out. Type{" "}
        <strong>{user.email}</strong> to confirm.
      </p>
      <p>
        Its members who belong to no other account lose their sign-in with it; members of other
        accounts keep signing in to those.
      </p>
      <Field id="delete-confirm-email" label="Your account e-mail address">
        <input
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Field>
    </DeletePanel>
  );
}
