import type { SectionTab } from "../ui/section-tabs.tsx";

/** The tabs of the Monitors section, relative to the app's address. */
export const MONITORS_TABS: readonly SectionTab[] = [
  { to: "", label: "All monitors", end: true },
  { to: "monitors/groups", label: "Groups", end: false },
];
