import type { Permission } from "@upwatch/core";
import { NavLink } from "react-router";
import { useCan } from "../session.tsx";

/** One tab: `to` is relative to the section's address ("" is the section itself). */
export interface SectionTab {
  to: string;
  label: string;
  /** Active only on that exact address. */
  end: boolean;
  /** The tab shows only to roles with this permission. */
  permission?: Permission;
}

interface SectionTabsProps {
  /** The navigation's accessible name, such as "Agent sections". */
  label: string;
  /** The section's address; each tab's `to` follows it. */
  base: string;
  tabs: readonly SectionTab[];
}

/** The tabs of a screen made of several screens (an agent, a status page, Settings). */
export function SectionTabs({ label, base, tabs }: SectionTabsProps) {
  const can = useCan();
  return (
    <nav aria-label={label}>
      <ul className="section-tabs">
        {tabs
          .filter((tab) => !tab.permission || can(tab.permission))
          .map((tab) => (
            <li key={tab.label}>
              <NavLink to={tab.to ? `${base}/${tab.to}` : base} end={tab.end}>
                {tab.label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
