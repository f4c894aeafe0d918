import type { RoleAnswer } from "@upwatch/api";
import { ROLE_PERMISSIONS } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { mayGive, roleChoices, roleChoiceValue, roleOfChoice } from "./role-choices.ts";

const builtIn = (id: "owner" | "admin" | "member" | "viewer"): RoleAnswer => ({
  id,
  name: id,
  kind: "built_in",
  role: id,
  permissions: ["view"],
  created_at: null,
  updated_at: null,
});

const oncall: RoleAnswer = {
  id: "crl_oncall",
  name: "On-call",
  kind: "custom",
  role: "custom",
  permissions: ["view", "alerts.respond"],
  created_at: "2026-12-01T00:00:00.000Z",
  updated_at: "2026-12-01T00:00:00.000Z",
};

describe("the roles a person can be given", () => {
  it("offers Admin, Member and Viewer, then each custom role of the account", () => {
    const choices = roleChoices([builtIn("owner"), builtIn("admin"), oncall], {
      customRoles: true,
    });
    expect(choices.map((choice) => choice.label)).toEqual(["Admin", "Member", "Viewer", "On-call"]);
    expect(choices[3]).toMatchObject({ value: "custom:crl_oncall" });
    expect(choices[3]!.hint).toContain("Acknowledge");
  });

  it("offers only the built-in roles while the account has no custom role", () => {
    expect(roleChoices(undefined, { customRoles: true }).map((choice) => choice.value)).toEqual([
      "admin",
      "member",
      "viewer",
    ]);
  });

  it("after leaving Enterprise+ shows a custom role only to the person who has it", () => {
    const values = (current?: string) =>
      roleChoices([oncall], { customRoles: false, current }).map((choice) => choice.value);
    expect(values()).toEqual(["admin", "member", "viewer"]);
    expect(values("custom:crl_oncall")).toEqual(["admin", "member", "viewer", "custom:crl_oncall"]);
  });

  it("sends a custom role as role custom with its id, and a built-in one by name", () => {
    expect(roleOfChoice("custom:crl_oncall")).toEqual({
      role: "custom",
      custom_role_id: "crl_oncall",
    });
    expect(roleOfChoice("viewer")).toEqual({ role: "viewer" });
    expect(roleChoiceValue("custom", "crl_oncall")).toBe("custom:crl_oncall");
    expect(roleChoiceValue("member", null)).toBe("member");
  });

  it("offers a manager with a custom role only the roles within their own permissions", () => {
    const lead = { role: "custom", permissions: ["view", "members.manage", "alerts.respond"] };
    const choices = roleChoices([oncall], { customRoles: true, giver: lead });
    expect(choices.map((choice) => choice.label)).toEqual(["Viewer", "On-call"]);
  });

  it("keeps a member's current role in the picker even when the giver could not give it", () => {
    const lead = { role: "custom", permissions: ["view", "members.manage"] };
    const choices = roleChoices([oncall], { customRoles: true, giver: lead, current: "member" });
    expect(choices.map((choice) => choice.value)).toEqual(["member", "viewer"]);
  });

  it("lets an admin give Admin, and nobody without every permission give it", () => {
    const admin = { role: "admin", permissions: [...ROLE_PERMISSIONS.admin] };
    expect(mayGive(admin, { value: "admin", permissions: ROLE_PERMISSIONS.admin })).toBe(true);
    const custom = { role: "custom", permissions: [...ROLE_PERMISSIONS.admin] };
    expect(mayGive(custom, { value: "admin", permissions: ROLE_PERMISSIONS.admin })).toBe(false);
  });
});
