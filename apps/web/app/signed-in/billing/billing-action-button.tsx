import { useQueryClient } from "@tanstack/react-query";
import type { BillingAnswer } from "@upwatch/api";
import type { ReactNode } from "react";
import { useState } from "react";
import { problemText } from "../api-client.ts";
import { useSession } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { FormError } from "../ui/form-error.tsx";
import { showBillingChange } from "./billing-query.ts";

interface BillingActionButtonProps {
  label: string;
  busyLabel: string;
  /** Asked in a dialog first when given; otherwise the action runs at once. */
  confirm?: { title: string; body: ReactNode; label: string };
  variant?: "ghost" | "danger";
  run(): Promise<BillingAnswer>;
}

/** One billing action (cancel, undo, refund): run, then the billing and the session follow. */
export function BillingActionButton({
  label,
  busyLabel,
  confirm,
  variant = "ghost",
  run,
}: BillingActionButtonProps) {
  const client = useQueryClient();
  const { refresh } = useSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const act = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await run();
      await Promise.all([showBillingChange(client, answer), refresh()]);
      setAsking(false);
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        busy={busy && !confirm}
        busyLabel={busyLabel}
        onClick={() => (confirm ? setAsking(true) : void act())}
      >
        {label}
      </Button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          confirmLabel={confirm.label}
          busyLabel={busyLabel}
          busy={busy}
          error={error}
          tone={variant === "danger" ? "danger" : "primary"}
          onConfirm={() => void act()}
          onCancel={() => {
            setError(undefined);
            setAsking(false);
          }}
        >
          {confirm.body}
        </ConfirmDialog>
      ) : (
        <FormError message={error} />
      )}
    </>
  );
}
