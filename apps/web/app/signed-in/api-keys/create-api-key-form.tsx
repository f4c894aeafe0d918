import { type FormEvent, useRef, useState } from "react";
import { ApiError, apiRequest } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { API_KEY_NAME_MAX, type CreatedApiKey } from "./api-key-types.ts";

/** Naming and creating a key; the parent shows the key that comes back. */
export function CreateApiKeyForm({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = !trimmed
      ? "Give the key a name, such as the script or service that will use it."
      : trimmed.length > API_KEY_NAME_MAX
        ? `Use at most ${API_KEY_NAME_MAX} characters; this name has ${trimmed.length}.`
        : undefined;
    setNameError(problem);
    setFormError(undefined);
    if (problem) {
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await apiRequest<CreatedApiKey>("POST", "/api-keys", { name: trimmed });
      setName("");
      onCreated(created);
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : String(error);
      if (error instanceof ApiError && error.status === 400) setNameError(detail);
      else setFormError(detail);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Field
        id="api-key-name"
        label="Key name"
        hint="What will use it, so you know which key to revoke later: “Deploy script”, “Grafana”."
        error={nameError}
      >
        <input
          ref={nameRef}
          type="text"
          maxLength={API_KEY_NAME_MAX + 20}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Creating...">
          Create key
        </Button>
      </div>
    </form>
  );
}
