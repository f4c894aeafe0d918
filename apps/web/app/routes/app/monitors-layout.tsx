import { Outlet } from "react-router";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { MONITORS_TABS } from "../../signed-in/monitors/monitors-tabs.ts";
import { SectionTabs } from "../../signed-in/ui/section-tabs.tsx";

/** Monitors: the list and the groups, under one set of tabs. */
export default function MonitorsLayout() {
  return (
    <>
      <SectionTabs label="Monitors sections" base={APP_BASE} tabs={MONITORS_TABS} />
      <Outlet />
    </>
  );
}
