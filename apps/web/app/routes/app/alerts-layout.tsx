import { Outlet } from "react-router";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { type SectionTab, SectionTabs } from "../../signed-in/ui/section-tabs.tsx";

const ALERTS_TABS: readonly SectionTab[] = [
  { to: "", label: "Alerts", end: true },
  { to: "dependencies", label: "Dependencies", end: false },
  { to: "maintenance", label: "Maintenance", end: false },
];

/** Alerts: the alerts themselves, the dependencies that hold a child's alerts back, and maintenance windows. */
export default function AlertsLayout() {
  return (
    <>
      <SectionTabs label="Alerts sections" base={`${APP_BASE}/alerts`} tabs={ALERTS_TABS} />
      <Outlet />
    </>
  );
}
