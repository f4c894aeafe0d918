import type { SessionAnswer, TwoFactorSetup } from "@upwatch/api";
import { useEffect, useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { ConfirmNewSecret } from "./confirm-new-secret.tsx";
import { RecoveryCodesOnce } from "./recovery-codes-once.tsx";

/**
 * Signing in to an account that requires two-factor sign-in, for a person who has none yet: set
 * it up, save the recovery codes, then go on into the app.
 */
export function LoginEnrolStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn(answer: SessionAnswer): void;
  onRestart(): void;
}) {
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ answer: SessionAnswer; codes: string[] }>();

  useEffect(() => {
    call(OP.logInSetUpTwoFactor, { body: { challenge } }).then(setSetup, (failure) =>
      setError(errorDetail(failure)),
    );
  }, [challenge]);

  if (done) {
    return (
      <RecoveryCodesOnce
        codes={done.codes}
        doneLabel="I have saved them; continue"
        onDone={() => onSignedIn(done.answer)}
      />
    );
  }
  if (error) {
    return (
      <div>
        <FormError message={error} />
        <Button onClick={onRestart}>Start again</Button>
      </div>
    );
  }
  return (
    <div>
      <p>
        An account you belong to requires two-factor sign-in. Set it up now to continue; from then
        on you sign in with your password and a code from your authenticator app.
      </p>
      {setup ? (
        <ConfirmNewSecret
          setup={setup}
          submitLabel="Turn on and sign in"
          confirm={async (code) => {
            const answer = await call(OP.logInEnableTwoFactor, { body: { challenge, code } });
            setDone({ answer, codes: answer.recovery_codes });
          }}
        />
      ) : (
        <p role="status">Making your secret...</p>
      )}
    </div>
  );
}
