import type { ReactNode } from "react";
import { CopyButton } from "./copy-button.tsx";

interface SecretOnceProps {
  /** What the secret is ("Your new API key"). */
  title: string;
  value: string;
  /** Why it will not be shown again and what to do with it. */
  children: ReactNode;
  onDone(): void;
  doneLabel?: string;
}

/** A secret the server shows one time only: the value, a copy button and a warning. */
export function SecretOnce({
  title,
  value,
  children,
  onDone,
  doneLabel = "Done",
}: SecretOnceProps) {
  return (
    <section className="app-secret" aria-label={title}>
      <h2>{title}</h2>
      <p className="app-secret-warning">{children}</p>
      <div className="app-secret-row">
        <code className="app-secret-value" data-secret>
          {value}
        </code>
        <CopyButton value={value} />
      </div>
      <button type="button" className="button button-ghost button-small" onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
