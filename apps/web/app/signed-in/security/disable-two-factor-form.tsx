import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { usePasswordAndCodeForm } from "./password-and-code.tsx";

/** Turning two-factor sign-in off, confirmed by the password and a code or recovery code. */
export function DisableTwoFactorForm({
  onDone,
  onCancel,
}: {
  onDone(): Promise<void>;
  onCancel(): void;
}) {
  const { busy, onSubmit, fields } = usePasswordAndCodeForm(async (proof) => {
    await call(OP.disableTwoFactor, { body: proof });
    await onDone();
  });
  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      {fields("disable-two-factor")}
      <div className="app-form-actions">
        <Button type="submit" variant="danger" busy={busy} busyLabel="Turning off...">
          Turn off two-factor sign-in
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
