import { describe, expect, it } from "vitest";
import { checkPlanClaims } from "./plan-claims.ts";
import { checkPlanNames } from "./plan-names.ts";
import { checkPlanTables } from "./plan-tables.ts";

const check = (markdown: string) => [
  ...checkPlanClaims(markdown, "x.md"),
  ...checkPlanTables(markdown, "x.md"),
  ...checkPlanNames(markdown, "x.md"),
];

describe("the plan checks of the help-centre content", () => {
  it.each([
    "Hobby costs $8 a month or $84 a year, saving $12.",
    "## Business: $24/month or $240/year",
    "**Hobby**: $8 per month.",
    "The Free plan costs $0 forever and includes 10 monitors with checks every 5 minutes.",
    "The limits are 10 monitors on Free and Hobby, 50 monitors and 5 agents on Business, and 1,000 monitors with unlimited agents on Enterprise+.",
    "Hobby with 8 extra monitors costs $8 + $16 = $24 a month for 18 monitors, the same as Business, which gives you 50 monitors, 5 agents and 10 users.",
    "Agents are part of the **Business** plan (5 agents included, more at $2/month each) and **Enterprise+** (unlimited agents).",
    "Extra monitors on Hobby and Business cost $2 a month or $20 a year each.",
    "Status page add-ons are also available: **Lite** at $29/month and **Pro** at $79/month.",
    "Use Basic (username and password) or Bearer token authentication.",
    "Every request is signed following the Standard Webhooks specification.",
    "| Plan | Monitors | Agents |\n|---|---|---|\n| Free | 10 | 0 |\n| Business | 50 | 5 |\n| Enterprise+ | 1,000 | Unlimited |",
    "| | Free | Hobby |\n|---|---|---|\n| **Price per month** | $0 forever | $8 |\n| **Price per year** | - | $84 (save $12) |",
  ])("accepts a true statement: %s", (markdown) => {
    expect(check(markdown)).toEqual([]);
  });

  it.each([
    ["The Free plan includes 1 monitor.", "monitors 1 for Free"],
    ["You get 50 monitors on the Free plan.", "monitors 50 for Free"],
    ["Free: 5 monitors, email alerts only.", "monitors 5 for Free"],
    ["Business gives you 10 agents.", "agents 10 for Business"],
    ["Enterprise+ includes 500 monitors.", "monitors 500 for Enterprise+"],
    ["Hobby costs $10 a month.", "monthly price 10 for Hobby"],
    ["Business costs $24/year.", "yearly price 24 for Business"],
    ["Enterprise+ is $99/month.", "monthly price 99 for Enterprise+"],
    ["| Plan | Monitors |\n|---|---|\n| Free | 1 |\n| Hobby | 10 |", "monitors 1 for Free"],
    ["| | Free | Business |\n|---|---|---|\n| Monthly price | $0 | $29 |", "monthly price 29"],
    ["Agents need the Pro plan.", '"Pro plan"'],
    ["SMS needs Professional or above; upgrade to Professional.", '"to Professional"'],
    ["Choose Business or Premium.", '"Business or Premium"'],
    ["The Starter tier has one user.", '"Starter tier"'],
    ["Custom roles come with Enterprise.", '"Enterprise"'],
  ])("flags a false statement: %s", (markdown, problem) => {
    const problems = check(markdown);
    expect(problems.join("\n")).toContain(problem);
  });
});
