import { describe, expect, it } from "vitest";
import { groupDescriptionField, groupNameField, monitorGroupIdsField } from "./group-input.ts";
import { MAX_GROUPS_PER_ACCOUNT } from "./group-limits.ts";

describe("group input", () => {
  it("trims a name and refuses an empty or overlong one with a sentence", () => {
    expect(groupNameField.parse("  Checkout ")).toBe("Checkout");
    expect(groupNameField.safeParse(" ").error?.issues[0]?.message).toBe(
      "Give the group a name of 1 to 100 characters.",
    );
    expect(groupNameField.safeParse("x".repeat(101)).success).toBe(false);
  });

  it("stores an empty description as none", () => {
    expect(groupDescriptionField.parse("  ")).toBeNull();
    expect(groupDescriptionField.safeParse("x".repeat(501)).error?.issues[0]?.message).toBe(
      "The description can be at most 500 characters.",
    );
  });

  it("lists each group once and at most as many as an account may have", () => {
    expect(monitorGroupIdsField.parse(["grp_a", "grp_b", "grp_a"])).toEqual(["grp_a", "grp_b"]);
    const tooMany = Array.from({ length: MAX_GROUPS_PER_ACCOUNT + 1 }, (_, i) => `grp_${i}`);
    expect(monitorGroupIdsField.safeParse(tooMany).error?.issues[0]?.message).toBe(
      "group_ids can list at most 200 groups.",
    );
  });
});
