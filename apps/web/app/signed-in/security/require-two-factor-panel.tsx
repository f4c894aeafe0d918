import { useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useLoaded } from "./use-loaded.ts";

const readAccountSecurity = () => call(OP.getAccountSecurity);

/** The owner's switch that requires two-factor sign-in of everyone in the account. */
export function RequireTwoFactorPanel() {
  const { showToast } = useToast();
  const { data, reload } = useLoaded(readAccountSecurity);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!data?.can_change) return null;

  const change = async (required: boolean) => {
    setBusy(true);
    try {
      await call(OP.updateAccountSecurity, { body: { require_two_factor: required } });
      setError(undefined);
      showToast(
        required
          ? "Two-factor sign-in is now required; people without it were signed out and set it up at their next sign-in."
          : "Two-factor sign-in is no longer required.",
      );
      await reload();
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="require-two-factor-heading">
      <h2 id="require-two-factor-heading">Account security</h2>
      <FormError message={error} />
      <label className="app-check">
        <input
          type="checkbox"
          checked={data.require_two_factor}
          disabled={busy}
          onChange={(event) => change(event.target.checked)}
        />
        Require two-factor sign-in for everyone
      </label>
      <p className="app-panel-lead">
        Turning this on signs out at once the people without two-factor sign-in; they set it up the
        next time they sign in with a password. You need it on yourself first. Single sign-on
        satisfies it.
      </p>
    </section>
  );
}
