import { describe, expect, it } from "vitest";
import { namedAfterAddress, teamInSentence, teamName } from "./team-name.ts";

describe("an account as an invitation names it", () => {
  it("keeps a name someone gave the account", () => {
    expect(namedAfterAddress("Acme")).toBe(false);
    expect(namedAfterAddress("Ops @ Acme")).toBe(false);
    expect(teamName("Acme")).toBe("Acme");
    expect(teamInSentence("Acme", "ada@example.com")).toBe("“Acme”");
  });

  it("calls an account still named after its owner's address that person's team", () => {
    expect(namedAfterAddress("newbie@example.com")).toBe(true);
    expect(teamName("newbie@example.com")).toBe("the team of newbie@example.com");
    expect(teamInSentence("newbie@example.com", "ada@example.com")).toBe(
      "the team of newbie@example.com",
    );
    expect(teamInSentence("newbie@example.com", null)).toBe("the team of newbie@example.com");
  });

  it("says their team when the owner is the one inviting", () => {
    expect(teamInSentence("newbie@example.com", "Newbie@example.com")).toBe("their team");
  });
});
