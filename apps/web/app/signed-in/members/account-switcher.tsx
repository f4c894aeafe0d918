import { useState } from "react";
import { call } from "../api-call.ts";
import { APP_BASE, errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { CreateAccountDialog } from "./create-account-dialog.tsx";

const CREATE = "create-another-account";

/**
 * The header's account picker, shown to people with two or more accounts; its last choice
 * makes another account. Switching reloads the app so no screen keeps the other account's data.
 */
export function AccountSwitcher() {
  const { account, accounts } = useSession();
  const [error, setError] = useState<string>();
  const [creating, setCreating] = useState(false);
  if (accounts.length < 2) return null;

  const onChange = async (value: string) => {
    if (value === CREATE) {
      setCreating(true);
      return;
    }
    setError(undefined);
    try {
      await call(OP.switchAccount, { body: { account_id: value } });
      window.location.assign(APP_BASE);
    } catch (failure) {
      setError(errorDetail(failure));
    }
  };

  return (
    <div className="app-account-switcher">
      <select
        aria-label="Account"
        value={account.id}
        onChange={(e) => void onChange(e.target.value)}
      >
        {accounts.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
        <option value={CREATE}>Create another account…</option>
      </select>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
      <CreateAccountDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
