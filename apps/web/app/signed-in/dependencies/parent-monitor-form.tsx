import { useState } from "react";
import { Button } from "../ui/button.tsx";

interface ParentMonitorFormProps {
  /** Prefixes the select's and the error's ids: `${idPrefix}-parent`, `${idPrefix}-error`. */
  idPrefix: string;
  /** The monitors that may become a parent, in the order shown. */
  choices: readonly { id: string; name: string }[];
  busy: boolean;
  /** The sentence to show under the form (the server's refusal), or null. */
  problem: string | null;
  /** Said when Add dependency is pressed with nothing chosen. */
  missingText: string;
  onProblem: (problem: string | null) => void;
  /** Adds the dependency; resolves true once it was made, so the choice is cleared. */
  onAdd: (parentId: string) => Promise<boolean>;
}

/** "Depends on [monitor] Add dependency": one parent for a monitor's or an agent's panel. */
export function ParentMonitorForm(props: ParentMonitorFormProps) {
  const { idPrefix, choices, busy, problem } = props;
  const [parentId, setParentId] = useState("");
  const errorId = `${idPrefix}-error`;

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!parentId) return props.onProblem(props.missingText);
    if (await props.onAdd(parentId)) setParentId("");
  }

  return (
    <>
      <form className="inline-form" onSubmit={add} noValidate>
        <label htmlFor={`${idPrefix}-parent`}>Depends on</label>
        <select
          id={`${idPrefix}-parent`}
          value={parentId}
          onChange={(event) => setParentId(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        >
          <option value="">Choose a monitor…</option>
          {choices.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="ghost" disabled={busy}>
          Add dependency
        </Button>
      </form>
      {problem ? (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
