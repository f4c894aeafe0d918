import { getPlan } from "@upwatch/core";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { DeletePagePanel } from "../../signed-in/status-pages/delete-page-panel.tsx";
import { LogoPanel } from "../../signed-in/status-pages/logo-panel.tsx";
import { SettingsForm } from "../../signed-in/status-pages/settings-form.tsx";
import { useStatusPage } from "./status-page.tsx";

export function meta() {
  return appMeta("Status page settings");
}

/** A status page's settings, its logo, and deleting it. */
export default function StatusPageSettings() {
  const page = useStatusPage();
  const { account } = useSession();
  if (!useCan()("status_pages.manage")) {
    return <p className="app-muted">Your role does not change status page settings.</p>;
  }
  return (
    <>
      <section className="app-panel" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <SettingsForm
          key={page.updated_at}
          page={page}
          whiteLabelAllowed={getPlan(account.plan).limits.whiteLabel}
        />
      </section>
      <LogoPanel page={page} />
      <DeletePagePanel page={page} />
    </>
  );
}
