import { useState } from "react";
import { call } from "../api-call.ts";
import { APP_BASE, errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";

/** Naming and making another account owned by the person; the app reloads into it. */
export function CreateAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const create = async () => {
    if (!name.trim()) {
      setError("Give the account a name.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await call(OP.createAnotherAccount, { body: { name: name.trim() } });
      window.location.assign(APP_BASE);
    } catch (failure) {
      setError(errorDetail(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Create another account"
      tone="primary"
      confirmLabel="Create account"
      busyLabel="Creating..."
      busy={busy}
      error={error}
      onConfirm={create}
      onCancel={() => {
        setError(undefined);
        onClose();
      }}
    >
      <p>
        You will own the new account, on the plan new accounts start with, and can switch between
        your accounts from the header.
      </p>
      <Field id="new-account-name" label="Account name" error={undefined}>
        <input
          type="text"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}
