import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { usePasswordAndCodeForm } from "./password-and-code.tsx";

/** New recovery codes for the password and a current code; the old ones stop working. */
export function RegenerateCodesForm({
  onDone,
  onCancel,
}: {
  onDone(codes: string[]): Promise<void>;
  onCancel(): void;
}) {
  const { busy, onSubmit, fields } = usePasswordAndCodeForm(async (proof) => {
    const answer = await call(OP.regenerateRecoveryCodes, { body: proof });
    await onDone(answer.recovery_codes);
  });
  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <p>New codes replace the ones you have; the old codes stop working.</p>
      {fields("regenerate")}
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Making codes...">
          Make new recovery codes
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
