import { appMeta } from "../../signed-in/app-meta.ts";
import { AnotherAccountPanel } from "../../signed-in/members/another-account-panel.tsx";
import { PausedByPlanPanel } from "../../signed-in/plan-change/paused-by-plan-panel.tsx";
import { SecureVariablesPanel } from "../../signed-in/secure-variables/secure-variables-panel.tsx";
import { useCan } from "../../signed-in/session.tsx";
import { DeleteAccount } from "../../signed-in/settings/delete-account.tsx";
import { EmailForm } from "../../signed-in/settings/email-form.tsx";
import { PasswordForm } from "../../signed-in/settings/password-form.tsx";
import { PlanPanel } from "../../signed-in/settings/plan-panel.tsx";
import { TimeZoneForm } from "../../signed-in/settings/time-zone-form.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export function meta() {
  return appMeta("Account Settings");
}

/** Account Settings: sign-in details, the plan, and the Danger Zone. */
export default function Settings() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Account Settings"
        description="Your sign-in details, the account's time zone, your plan and what it allows, and deleting the account."
      />
      <EmailForm />
      <PasswordForm />
      <TimeZoneForm />
      <PlanPanel />
      <PausedByPlanPanel />
      <SecureVariablesPanel />
      <AnotherAccountPanel />
      {can("account.own") ? <DeleteAccount /> : null}
    </>
  );
}
