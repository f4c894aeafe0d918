import {
  CUSTOM_RETENTION_DAYS,
  MONEY_BACK_DAYS,
  OVERAGE,
  PLANS,
  type Plan,
  SMS_COUNTRIES,
  SMS_PRICE_USD,
  STATUS_PAGE_LIMITS,
} from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { SMS_PRICE_CENTS } from "../../src/notifications/providers/sms.ts";
import { DELIVERY_LOG_DAYS } from "../../src/notifications/prune-deliveries.ts";
import {
  amount,
  articleTable,
  durationSeconds,
  planNamed,
  stated,
  statedEverywhere,
} from "./article-text.ts";

const PLANS_ARTICLE = "subscription-plans";

/** The "Plans at a glance" table as label -> [plan, cell] pairs. */
function glance(): Map<string, Array<[Plan, string]>> {
  const [header = [], ...rows] = articleTable(PLANS_ARTICLE, "Limit");
  const plans = header.slice(1).map(planNamed);
  return new Map(
    rows.map((row) => [
      row[0] ?? "",
      plans.map((plan, i): [Plan, string] => [plan, row[i + 1] ?? ""]),
    ]),
  );
}

function row(label: string): Array<[Plan, string]> {
  const cells = glance().get(label);
  if (!cells) throw new Error(`The plan table has no "${label}" row.`);
  return cells;
}

describe("the numbers of the plans article", () => {
  it("names every plan in the table, in the order of the plan data", () => {
    expect(row("Monitors").map(([plan]) => plan.id)).toEqual(PLANS.map((plan) => plan.id));
  });

  it("states each plan's prices as the plan data has them", () => {
    for (const [plan, cell] of row("Price per month")) {
      expect(amount(cell.replace(/ forever$/, "")), plan.name).toBe(plan.monthlyPrice);
    }
    for (const [plan, cell] of row("Price per year")) {
      const [, yearly, saved] = /^(?:\$(\d+) \(save \$(\d+)\)|-|Custom)$/.exec(cell) ?? [];
      expect(yearly ? Number(yearly) : null, plan.name).toBe(plan.yearlyPrice);
      expect(saved ? Number(saved) : null, plan.name).toBe(plan.yearlySavings);
      if (plan.yearlyPrice !== null && plan.monthlyPrice !== null) {
        expect(plan.monthlyPrice * 12 - plan.yearlyPrice).toBe(plan.yearlySavings);
      }
    }
  });

  it("states monitors, agents, users and API requests as the limits the server enforces", () => {
    const limits = {
      Monitors: "monitors",
      Agents: "agents",
      Users: "users",
      "API requests per hour": "apiRequestsPerHour",
    } as const;
    for (const [label, key] of Object.entries(limits)) {
      for (const [plan, cell] of row(label)) {
        expect(amount(cell), `${label} on ${plan.name}`).toBe(plan.limits[key]);
      }
    }
  });

  it("states the shortest interval and the history each plan keeps", () => {
    for (const [plan, cell] of row("Shortest interval")) {
      expect(durationSeconds(cell), plan.name).toBe(plan.limits.minIntervalSeconds);
    }
    for (const [plan, cell] of row("History")) {
      const days = cell === "Custom" ? null : durationSeconds(cell) / 86_400;
      expect(days, plan.name).toBe(plan.limits.historyDays);
    }
  });

  it("states how long Enterprise+ keeps check history, as its custom retention", () => {
    const [plans] = stated(PLANS_ARTICLE, /Enterprise\+ keeps check history for (\d+) days/);
    const [faq] = stated("../pricing-faq", /Enterprise\+ keeps them for (\d+) days/);
    const [bullet] = stated(PLANS_ARTICLE, /check history kept for (\d+) days/);
    for (const days of [plans, faq, bullet]) expect(Number(days)).toBe(CUSTOM_RETENTION_DAYS);
  });

  it("offers the audit log, single sign-on and custom roles on the plans that have them", () => {
    for (const [plan, cell] of row("Audit log"))
      expect(cell !== "-", plan.name).toBe(plan.limits.auditLog);
    for (const [plan, cell] of row("Single sign-on")) {
      expect(cell === "Yes", plan.name).toBe(plan.limits.singleSignOn);
    }
    for (const [plan, cell] of row("Roles")) {
      expect(/custom/.test(cell), plan.name).toBe(plan.limits.customRoles);
    }
  });

  it("repeats each plan's monitors and interval in its own section", () => {
    for (const plan of PLANS) {
      const heading = plan.name.replace("+", "\\+");
      const [monitors = "", every = ""] = stated(
        PLANS_ARTICLE,
        new RegExp(
          `## ${heading}[^\\n]*\\n[\\s\\S]*?- ([\\d,]+) monitors[^\\n]*?(?:every|as often as every) ((?:\\d+ )?(?:minutes?|seconds))`,
        ),
      );
      expect(amount(monitors), plan.name).toBe(plan.limits.monitors);
      expect(durationSeconds(every), plan.name).toBe(plan.limits.minIntervalSeconds);
    }
  });

  it("states the alert channel limits the server enforces", () => {
    const [free, hobby, business, enterprise] = stated(
      PLANS_ARTICLE,
      /up to (\d+) alert channels on Free, (\d+) on Hobby and (\d+) on Business; Enterprise\+ has (no limit)/,
    );
    const stated_ = [free, hobby, business, enterprise].map((text) => amount(text ?? ""));
    expect(stated_).toEqual(PLANS.map((plan) => plan.limits.maxChannels));
  });

  it("states the status pages and subscribers of each plan, in both articles", () => {
    const hobby = planNamed("Hobby").limits;
    const business = planNamed("Business").limits;
    const [hobbyPages, hobbySubscribers] = stated(
      PLANS_ARTICLE,
      /- (\d+) branded status pages, each with up to ([\d,]+) email subscribers/,
    );
    const [businessPages, businessSubscribers] = stated(
      PLANS_ARTICLE,
      /with (\d+) status pages of up to ([\d,]+) subscribers each/,
    );
    expect([hobbyPages, hobbySubscribers].map((n) => amount(n ?? ""))).toEqual([
      hobby.statusPages,
      hobby.subscribersPerPage,
    ]);
    expect([businessPages, businessSubscribers].map((n) => amount(n ?? ""))).toEqual([
      business.statusPages,
      business.subscribersPerPage,
    ]);
    const pages = stated(
      "status-page-incidents",
      /Hobby includes (\d+) pages of up to ([\d,]+) subscribers each, Business (\d+) pages of up to ([\d,]+), and Enterprise\+ has no limits/,
    ).map(amount);
    expect(pages).toEqual([
      hobby.statusPages,
      hobby.subscribersPerPage,
      business.statusPages,
      business.subscribersPerPage,
    ]);
    expect(planNamed("Enterprise+").limits.statusPages).toBeNull();
    expect(planNamed("Free").limits.statusPages).toBe(0);
    const [bars] = stated("status-page-incidents", /shows their uptime as (\d+) daily bars/);
    expect(Number(bars)).toBe(STATUS_PAGE_LIMITS.historyDays);
  });

  it("prices extra monitors and agents as the plan data does", () => {
    const [, ...rows] = articleTable(PLANS_ARTICLE, "Add-on");
    const items = { "Extra monitor": OVERAGE.monitor, "Extra agent": OVERAGE.agent } as const;
    for (const [name, plans, monthly, yearly] of rows) {
      const item = items[name as keyof typeof items];
      expect(item, name).toBeDefined();
      expect(plans?.split(", ").map((plan) => planNamed(plan).id)).toEqual(item.plans);
      expect(amount((monthly ?? "").replace(" each", ""))).toBe(item.monthly);
      expect(amount((yearly ?? "").replace(" each", ""))).toBe(item.yearly);
    }
    const [saved] = stated(PLANS_ARTICLE, /Yearly add-ons save \$(\d+) a year each/);
    expect(Number(saved)).toBe(OVERAGE.monitor.monthly * 12 - OVERAGE.monitor.yearly);
    expect(Number(saved)).toBe(OVERAGE.agent.monthly * 12 - OVERAGE.agent.yearly);
  });

  it("prices SMS as the plan data and the cost recorded per text do, wherever it is stated", () => {
    const prices = statedEverywhere(/\$(\d+\.\d\d) per message/g);
    expect(prices.length).toBeGreaterThanOrEqual(2);
    for (const [slug, [price]] of prices) {
      expect(Number(price), slug).toBe(SMS_PRICE_USD);
      expect(Math.round(Number(price) * 100), `${slug}: the cost recorded per text`).toBe(
        SMS_PRICE_CENTS,
      );
    }
    const reach = statedEverywhere(/(\d+\+) countries/g);
    for (const [slug, [countries]] of reach) expect(countries, slug).toBe(SMS_COUNTRIES);
  });

  it("states the money-back period and how long history and delivery logs are kept", () => {
    const [refund] = stated(PLANS_ARTICLE, /(\d+)-day money-back guarantee/);
    expect(Number(refund)).toBe(MONEY_BACK_DAYS);
    const [free, paid] = stated(
      PLANS_ARTICLE,
      /History: kept for (\d+) days on Free and (\d+) days on Hobby and Business/,
    );
    expect(Number(free)).toBe(planNamed("Free").limits.historyDays);
    expect(Number(paid)).toBe(planNamed("Hobby").limits.historyDays);
    expect(Number(paid)).toBe(planNamed("Business").limits.historyDays);
    const logs = statedEverywhere(/[Dd]elivery log[^.]*?(?:kept for|for) (\d+) days/g);
    expect(logs.length).toBeGreaterThanOrEqual(5);
    for (const [slug, [days]] of logs) expect(Number(days), slug).toBe(DELIVERY_LOG_DAYS);
  });

  it("states the API request allowance per plan as the rate limit enforces it", () => {
    const [free, hobbyAndBusiness, enterprise] = stated(
      "alert-dependency-builder",
      /limited per account per hour: ([\d,]+) on Free, ([\d,]+) on Hobby and Business and ([\d,]+) on Enterprise\+/,
    ).map(amount);
    expect(free).toBe(planNamed("Free").limits.apiRequestsPerHour);
    expect(hobbyAndBusiness).toBe(planNamed("Hobby").limits.apiRequestsPerHour);
    expect(hobbyAndBusiness).toBe(planNamed("Business").limits.apiRequestsPerHour);
    expect(enterprise).toBe(planNamed("Enterprise+").limits.apiRequestsPerHour);
    const [perMinute] = stated(
      "alert-dependency-builder",
      /separate allowance of (\d+) a minute per account/,
    ).map(amount);
    expect(perMinute).toBe(loadConfig({}).sessionRateLimit);
  });
});
