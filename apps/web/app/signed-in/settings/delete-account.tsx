import { useState } from "react";
import { useNavigate } from "react-router";
import { apiRequest, errorDetail, setCsrfToken } from "../api-client.ts";
import { useSession } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
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
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const close = () => {
    setOpen(false);
    setTyped("");
    setError(undefined);
  };

  const onConfirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest("DELETE", "/account", { confirm_email: typed });
      setCsrfToken(undefined);
      navigate("/", { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
    } catch (failure) {
      setError(errorDetail(failure));
      setBusy(false);
    }
  };

  return (
    <section className="app-panel app-panel-danger" aria-labelledby="danger-heading">
      <h2 id="danger-heading">Danger Zone</h2>
      <p className="app-panel-lead">
        Deleting the account removes it at once with every monitor, check result, alert, channel,
        API key and delivery log in it. It cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete your account permanently?"
        confirmLabel="Delete My Account Permanently"
        busyLabel="Deleting..."
        busy={busy}
        error={error}
        confirmDisabled={!matches(typed, user.email)}
        onConfirm={onConfirm}
        onCancel={close}
      >
        <p>
          Everything in the account is deleted at once and you are signed out. Type{" "}
          <strong>{user.email}</strong> to confirm.
        </p>
        <Field id="delete-confirm-email" label="Your account e-mail address">
          <input
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
      </ConfirmDialog>
    </section>
  );
}
