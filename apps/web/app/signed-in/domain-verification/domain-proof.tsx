import type { DomainVerification } from "@upwatch/api";
import { useState } from "react";
import { problemText } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { CopyButton } from "../ui/copy-button.tsx";
import { formatDateTime } from "../ui/format.ts";

/** What the state of a domain's proof means for its people, in a sentence. */
export function proofSummary(proof: DomainVerification, use: string): string {
  switch (proof.state) {
    case "verified":
      return proof.failure
        ? `Verified on ${formatDateTime(proof.verified_at)}, but the record was not found at the last check (${formatDateTime(proof.checked_at)}): ${proof.failure} Put it back, or ${proof.domain} stops ${use} after a day of missed checks.`
        : `Verified on ${formatDateTime(proof.verified_at)}: ${proof.domain} is ${use}.`;
    case "lost":
      return `No longer verified since ${formatDateTime(proof.lost_at)}: ${proof.failure ?? ""} Publish the record and verify again.`;
    case "failed":
      return `Not verified yet: ${proof.failure ?? ""} (checked ${formatDateTime(proof.checked_at)}).`;
    default:
      return `Waiting for proof: publish this TXT record at your DNS provider, then verify. Until then ${proof.domain} is not ${use}.`;
  }
}

const TONES: Record<DomainVerification["state"], string | undefined> = {
  verified: "success",
  lost: "warn",
  failed: "warn",
  pending: undefined,
};

interface DomainProofProps {
  proof: DomainVerification;
  /** What a verified domain does, as in "example.com is ...": "signing people in here". */
  use: string;
  /** Looks the record up now; absent for people who may not verify. */
  onVerify?: (() => Promise<unknown>) | undefined;
}

/** One domain's proof of ownership: the TXT record to publish, where it stands, and Verify. */
export function DomainProof({ proof, use, onVerify }: DomainProofProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const verify = async () => {
    if (!onVerify) return;
    setBusy(true);
    setError(undefined);
    try {
      await onVerify();
    } catch (caught) {
      setError(problemText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="app-notice" data-tone={TONES[proof.state]} data-domain-proof={proof.domain}>
      <p>
        <strong>{proof.domain}</strong>: {proofSummary(proof, use)}
      </p>
      {proof.state === "verified" && !proof.failure ? null : (
        <dl className="app-facts">
          <div>
            <dt>Type</dt>
            <dd>
              <code className="app-code">{proof.record.type}</code>
            </dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>
              <code className="app-code">{proof.record.name}</code>{" "}
              <CopyButton value={proof.record.name} label="Copy name" />
            </dd>
          </div>
          <div>
            <dt>Value</dt>
            <dd>
              <code className="app-code">{proof.record.value}</code>{" "}
              <CopyButton value={proof.record.value} label="Copy value" />
            </dd>
          </div>
        </dl>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {onVerify ? (
        <Button
          variant="ghost"
          size="small"
          busy={busy}
          busyLabel="Looking it up..."
          onClick={verify}
        >
          {proof.state === "verified" ? `Check ${proof.domain} again` : `Verify ${proof.domain}`}
        </Button>
      ) : null}
    </div>
  );
}
