import { describe, expect, it } from "vitest";
import { APP_NAV_ITEMS } from "./nav-items.ts";
import { allowedNavItems, can } from "./permissions.ts";

const viewer = { role: "viewer" as const, role_name: "Viewer", permissions: ["view" as const] };
const admin = {
  role: "admin" as const,
  role_name: "Admin",
  permissions: ["view" as const, "monitors.manage" as const, "api_keys.manage" as const],
};

describe("what a role may do in the app", () => {
  it("lets a viewer look but not change monitors", () => {
    expect(can(viewer, "view")).toBe(true);
    expect(can(viewer, "monitors.manage")).toBe(false);
  });

  it("lets a role do what its permissions list", () => {
    expect(can(admin, "monitors.manage")).toBe(true);
    expect(can(admin, "account.own")).toBe(false);
  });

  it("hides API keys from the navigation of people who cannot make keys", () => {
    const labels = allowedNavItems(APP_NAV_ITEMS, viewer).map((item) => item.label);
    expect(labels).not.toContain("API keys");
    expect(labels).toEqual(expect.arrayContaining(["Monitors", "Alerts", "Settings"]));
  });

  it("shows API keys to people who may make them", () => {
    const labels = allowedNavItems(APP_NAV_ITEMS, admin).map((item) => item.label);
    expect(labels).toContain("API keys");
  });
});
