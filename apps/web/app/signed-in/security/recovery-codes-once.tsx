import { CopyButton } from "../ui/copy-button.tsx";

/**
 * Recovery codes the server shows this once: to copy or download, each good for one sign-in
 * without the authenticator app.
 */
export function RecoveryCodesOnce({
  codes,
  onDone,
  doneLabel = "I have saved them",
}: {
  codes: string[];
  onDone(): void;
  doneLabel?: string;
}) {
  const text = `${codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <section className="app-secret" aria-label="Your recovery codes">
      <h2>Your recovery codes</h2>
      <p className="app-secret-warning">
        Each code signs you in once if you lose your authenticator app. Save them somewhere safe
        now: they are not shown again.
      </p>
      <ul
        data-recovery-codes
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(2, max-content)",
          gap: "0.25rem 2rem",
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="app-form-actions">
        <CopyButton value={text} label="Copy codes" />
        <a
          className="button button-ghost button-small"
          href={download}
          download="upwatch-recovery-codes.txt"
        >
          Download
        </a>
        <button type="button" className="button button-primary button-small" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
