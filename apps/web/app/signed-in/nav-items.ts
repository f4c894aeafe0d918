import { APP_BASE } from "./api-client.ts";

/** The app's main navigation, in order. `end`: active only on that exact path. */
export const APP_NAV_ITEMS = [
  { to: APP_BASE, label: "Monitors", end: true, alsoFor: `${APP_BASE}/monitors` },
  { to: `${APP_BASE}/alerts`, label: "Alerts", end: false },
  { to: `${APP_BASE}/reports`, label: "Reports", end: false },
  { to: `${APP_BASE}/agents`, label: "Agents", end: false },
  { to: `${APP_BASE}/status-pages`, label: "Status pages", end: false },
  { to: `${APP_BASE}/dashboards`, label: "Dashboards", end: false },
  { to: `${APP_BASE}/channels`, label: "Channels", end: false },
  { to: `${APP_BASE}/api-keys`, label: "API keys", end: false, permission: "api_keys.manage" },
  { to: `${APP_BASE}/regions`, label: "Regions", end: false },
  { to: `${APP_BASE}/settings`, label: "Settings", end: false },
] as const;
