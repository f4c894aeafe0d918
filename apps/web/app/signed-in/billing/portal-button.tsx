import { useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button, type ButtonVariant } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";

/** Opens Stripe's customer portal, where the card is changed (it never reaches this server). */
export function PortalButton({
  label,
  variant = "ghost",
}: {
  label: string;
  variant?: ButtonVariant;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { url } = await call(OP.openBillingPortal);
      window.location.assign(url);
    } catch (failure) {
      setError(problemText(failure));
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} busy={busy} busyLabel="Opening..." onClick={() => void open()}>
        {label}
      </Button>
      <FormError message={error} />
    </>
  );
}
