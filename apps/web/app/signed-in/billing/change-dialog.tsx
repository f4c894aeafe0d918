import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingAnswer } from "@upwatch/api";
import { useState } from "react";
import type { BodyOf } from "../api-call.ts";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { showBillingChange } from "./billing-query.ts";
import { formatCents } from "./money.ts";

export type BillingChange = BodyOf<"changeBilling">;

interface ChangeDialogProps {
  /** The change to price and confirm; null keeps the dialog closed. */
  change: BillingChange | null;
  /** What the change is, in a sentence ("Move to Business, billed yearly."). */
  summary: string;
  onClose(): void;
  onChanged(answer: BillingAnswer): void;
}

/** A change of the subscription, priced by Stripe's preview before it is confirmed. */
export function ChangeDialog({ change, summary, onClose, onChanged }: ChangeDialogProps) {
  const client = useQueryClient();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const preview = useQuery({
    queryKey: ["billing", "preview", change],
    queryFn: () => call(OP.previewBillingChange, { body: change ?? {} }),
    enabled: change !== null,
    retry: false,
    gcTime: 0,
  });

  const confirm = async () => {
    if (!change) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(OP.changeBilling, { body: change });
      await Promise.all([showBillingChange(client, answer), refresh()]);
      onChanged(answer);
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setError(undefined);
    onClose();
  };

  return (
    <ConfirmDialog
      open={change !== null}
      title="Confirm the change"
      confirmLabel="Confirm change"
      busyLabel="Changing..."
      busy={busy}
      tone="primary"
      error={error ?? (preview.isError ? problemText(preview.error) : undefined)}
      confirmDisabled={!preview.isSuccess}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <p>{summary}</p>
      {preview.isPending ? <Skeleton lines={2} label="Asking Stripe what it costs" /> : null}
      {preview.isSuccess ? (
        <dl className="app-facts billing-preview">
          <div>
            <dt>Due now</dt>
            <dd>{formatCents(preview.data.amount_due_now)}</dd>
          </div>
          <div>
            <dt>Credit for unused time</dt>
            <dd>{formatCents(preview.data.credit)}</dd>
          </div>
          <div>
            <dt>Next invoice</dt>
            <dd>{formatCents(preview.data.next_invoice_total)}</dd>
          </div>
        </dl>
      ) : null}
    </ConfirmDialog>
  );
}
