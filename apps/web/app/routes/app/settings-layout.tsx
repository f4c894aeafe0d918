import { Outlet } from "react-router";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { SETTINGS_TABS } from "../../signed-in/settings/settings-tabs.ts";
import { SectionTabs } from "../../signed-in/ui/section-tabs.tsx";

/** Settings: the account, its members, roles, security and audit log, under one set of tabs. */
export default function SettingsLayout() {
  return (
    <>
      <SectionTabs label="Settings sections" base={`${APP_BASE}/settings`} tabs={SETTINGS_TABS} />
      <Outlet />
    </>
  );
}
