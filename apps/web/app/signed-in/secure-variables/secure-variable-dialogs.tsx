import { useState } from "react";
import { errorDetail } from "../api-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { secureValueProblem } from "./secure-variable-form.tsx";
import {
  deleteSecureVariable,
  replaceSecureVariable,
  type SecureVariable,
} from "./secure-variables-api.ts";

/** Replacing a variable's value; the old one is not shown, only overwritten. */
export function ReplaceValueDialog({
  variable,
  onDone,
  onCancel,
}: {
  variable: SecureVariable | undefined;
  onDone(variable: SecureVariable): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    setValue("");
    setError(undefined);
    onCancel();
  };
  const confirm = async () => {
    if (!variable) return;
    const problem = secureValueProblem(value);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const saved = await replaceSecureVariable(variable.name, value);
      setValue("");
      onDone(saved);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={variable !== undefined}
      title={`Replace the value of ${variable?.name ?? "this variable"}`}
      confirmLabel="Replace value"
      busyLabel="Replacing..."
      tone="primary"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        Monitors using it send the new value from their next run. The current value is not shown and
        cannot be recovered.
      </p>
      <div className="field">
        <label htmlFor="secure-variable-new-value">New value</label>
        <input
          id="secure-variable-new-value"
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

/** Deleting a variable; one that monitors still use cannot go, and the dialog says which. */
export function DeleteVariableDialog({
  variable,
  onDone,
  onCancel,
}: {
  variable: SecureVariable | undefined;
  onDone(variable: SecureVariable): void;
  onCancel(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const users = variable?.used_by ?? [];
  const confirm = async () => {
    if (!variable) return;
    setBusy(true);
    setError(undefined);
    try {
      await deleteSecureVariable(variable.name);
      onDone(variable);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={variable !== undefined}
      title={`Delete ${variable?.name ?? "this variable"}?`}
      confirmLabel="Delete variable"
      busyLabel="Deleting..."
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={() => {
        setError(undefined);
        onCancel();
      }}
    >
      {users.length > 0 ? (
        <>
          <p>
            A variable in use cannot be deleted. These monitors refer to{" "}
            <code className="app-code">secure:{variable?.name}</code>; remove it from them first:
          </p>
          <ul>
            {users.map((monitor) => (
              <li key={monitor.id}>{monitor.name}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          The value is erased for good. No monitor uses it now; a monitor that refers to it later is
          refused until it is added again.
        </p>
      )}
    </ConfirmDialog>
  );
}
