import { appMeta } from "../../signed-in/app-meta.ts";
import { RequireTwoFactorPanel } from "../../signed-in/security/require-two-factor-panel.tsx";
import { SessionsPanel } from "../../signed-in/security/sessions-panel.tsx";
import { TwoFactorPanel } from "../../signed-in/security/two-factor-panel.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export function meta() {
  return appMeta("Security");
}

/** Security: your two-factor sign-in, your sessions, and the owner's requirement for everyone. */
export default function Security() {
  return (
    <>
      <PageHeader
        title="Security"
        description="Two-factor sign-in, where you are signed in, and what the account requires."
      />
      <TwoFactorPanel />
      <SessionsPanel />
      <RequireTwoFactorPanel />
    </>
  );
}
