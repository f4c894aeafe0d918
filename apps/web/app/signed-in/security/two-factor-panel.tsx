import type { TwoFactorSetup } from "@upwatch/api";
import { useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { formatDate } from "../ui/format.ts";
import { LoadError } from "../ui/load-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { ConfirmNewSecret } from "./confirm-new-secret.tsx";
import { DisableTwoFactorForm } from "./disable-two-factor-form.tsx";
import { RecoveryCodesOnce } from "./recovery-codes-once.tsx";
import { RegenerateCodesForm } from "./regenerate-codes-form.tsx";
import { StartSetupForm } from "./start-setup-form.tsx";
import { useLoaded } from "./use-loaded.ts";

const readTwoFactor = () => call(OP.getTwoFactor);

type Mode = "idle" | "start" | "disable" | "regenerate";

/** Two-factor sign-in: setting it up, the recovery codes, and turning it off. */
export function TwoFactorPanel() {
  const { showToast } = useToast();
  const { data: status, error, reload } = useLoaded(readTwoFactor);
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [mode, setMode] = useState<Mode>("idle");

  const shown = async (newCodes: string[]) => {
    setSetup(undefined);
    setMode("idle");
    setCodes(newCodes);
    await reload();
  };

  let body: React.ReactNode;
  if (codes) {
    body = <RecoveryCodesOnce codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (error) {
    body = <LoadError message={error} onRetry={reload} />;
  } else if (!status) {
    body = <p role="status">Loading...</p>;
  } else if (!status.enabled && setup) {
    body = (
      <ConfirmNewSecret
        setup={setup}
        confirm={async (code) => {
          const answer = await call(OP.enableTwoFactor, { body: { code } });
          showToast("Two-factor sign-in is on.");
          await shown(answer.recovery_codes);
        }}
      />
    );
  } else if (!status.enabled) {
    body = (
      <>
        <p>
          Off. With it on, signing in asks for a code from an authenticator app on your phone as
          well as your password.
        </p>
        {status.required_by.length ? (
          <p className="app-notice" data-tone="warn">
            {requiredSentence(status.required_by)} You will be asked to set it up at your next
            sign-in.
          </p>
        ) : null}
        {mode === "start" ? (
          <StartSetupForm
            onStarted={(started) => {
              setMode("idle");
              setSetup(started);
            }}
            onCancel={() => setMode("idle")}
          />
        ) : (
          <Button onClick={() => setMode("start")}>Set up two-factor sign-in</Button>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p>
          On since {formatDate(status.enabled_at)}. {status.recovery_codes_left} of 10 recovery
          codes left.
        </p>
        {mode === "regenerate" ? (
          <RegenerateCodesForm onDone={shown} onCancel={() => setMode("idle")} />
        ) : mode === "disable" ? (
          <DisableTwoFactorForm
            onDone={async () => {
              setMode("idle");
              showToast("Two-factor sign-in is off.");
              await reload();
            }}
            onCancel={() => setMode("idle")}
          />
        ) : (
          <div className="app-form-actions">
            <Button variant="ghost" onClick={() => setMode("regenerate")}>
              New recovery codes
            </Button>
            {status.required_by.length ? (
              <p>{requiredSentence(status.required_by)} It cannot be turned off.</p>
            ) : (
              <Button variant="danger" onClick={() => setMode("disable")}>
                Turn off
              </Button>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <section className="app-panel" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      {body}
    </section>
  );
}

function requiredSentence(accounts: string[]): string {
  const names = accounts.map((name) => `“${name}”`).join(", ");
  return accounts.length === 1
    ? `The account ${names} requires two-factor sign-in.`
    : `The accounts ${names} require two-factor sign-in.`;
}
