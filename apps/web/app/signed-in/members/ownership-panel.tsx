import { useQueryClient } from "@tanstack/react-query";
import type { MemberView } from "@upwatch/api";
import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail, loginPath } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { PasswordInputField } from "../ui/password-input-field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { memberKeys } from "./member-queries.ts";

/** The owner hands the account to another member; anyone else may leave it. */
export function OwnershipPanel({ members }: { members: MemberView[] }) {
  const { account, accounts } = useSession();
  const role = accounts.find((item) => item.id === account.id)?.role;
  if (role === "owner") {
    const others = members.filter((member) => !member.is_you);
    return others.length > 0 ? <TransferOwnership members={others} /> : null;
  }
  return <LeaveAccount accountName={account.name} />;
}

function TransferOwnership({ members }: { members: MemberView[] }) {
  const client = useQueryClient();
  const { refresh } = useSession();
  const { showToast } = useToast();
  const [userId, setUserId] = useState(members[0]?.user_id ?? "");
  const [password, setPassword] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { password: passwordRef },
    check: () => ({ password: password ? undefined : "Enter your password." }),
    send: async () => {
      await call(OP.transferOwnership, { body: { user_id: userId, password } });
      setPassword("");
      await client.invalidateQueries({ queryKey: memberKeys.members });
      await refresh();
      const email = members.find((member) => member.user_id === userId)?.email;
      showToast(`${email ?? "The member"} now owns the account; you are an admin.`);
    },
    refusal: ({ status, detail }) => (status === 400 ? { password: detail } : { form: detail }),
    focusRefused: false,
  });
  return (
    <section className="app-panel" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Transfer ownership</h2>
      <p>
        The new owner can delete the account and change its owner-only settings; you stay on as an
        admin.
      </p>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <Field id="transfer-to" label="New owner" error={undefined}>
          <select value={userId} onChange={(event) => setUserId(event.target.value)}>
            {members.map((member) => (
              <option key={member.user_id} value={member.user_id}>
                {member.email}
              </option>
            ))}
          </select>
        </Field>
        <PasswordInputField
          ref={passwordRef}
          id="transfer-password"
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <FormActions submitLabel="Transfer ownership" busy={busy} busyLabel="Transferring..." />
      </form>
    </section>
  );
}

function LeaveAccount({ accountName }: { accountName: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const onLeave = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await call(OP.leaveAccount);
      window.location.assign(loginPath());
    } catch (failure) {
      setError(errorDetail(failure));
      setBusy(false);
    }
  };
  return (
    <section className="app-panel" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave this account</h2>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Leave {accountName}
      </Button>
      <ConfirmDialog
        open={open}
        title={`Leave ${accountName}?`}
        confirmLabel="Leave the account"
        busyLabel="Leaving..."
        busy={busy}
        error={error}
        onConfirm={onLeave}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>
          You are signed out of it at once and can come back only with a new invitation. Your other
          accounts are not affected: sign in again to use them.
        </p>
      </ConfirmDialog>
    </section>
  );
}
