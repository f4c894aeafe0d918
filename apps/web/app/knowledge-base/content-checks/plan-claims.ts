import type { Plan } from "@upwatch/core";
import {
  disagreement,
  type LimitKind,
  PLAN_NAME,
  parseAmount,
  planNamed,
} from "./plan-vocabulary.ts";
import { proseSentences } from "./prose.ts";

/** A limit or price the prose attributes to one plan. */
export interface PlanClaim {
  plan: Plan;
  kind: LimitKind;
  value: number | null;
  sentence: string;
}

const COUNT = /\b(\d[\d,]*|unlimited|no)\s+(?:monitoring\s+)?(monitor|agent|user)s?\b/gi;
const PRICE_SOURCE = String.raw`\$(\d[\d,]*(?:\.\d+)?)\s*(?:\/\s*|\s+(?:per|a|an)\s+)(month|mo|year|yr)\b`;
const PRICE = new RegExp(PRICE_SOURCE, "gi");
const PER_UNIT = /^\s*(?:each|per\s+(?:extra\s+)?(?:monitor|agent|message|item|seat|user|sms))\b/i;
// Prices of extra capacity sit next to plan names without being the plan's price.
const ADD_ON = /\b(?:extra|additional|add-ons?|each)\b/i;
const FOLLOWING_PLANS = new RegExp(
  String.raw`^\s+(?:on|in|with|for)\s+(?:the\s+)?(${PLAN_NAME}(?:\s*(?:,|and|or)\s*(?:the\s+)?${PLAN_NAME})*)`,
);
const PLAN_IN_TEXT = new RegExp(PLAN_NAME, "g");
// Between a plan's name and a count: nothing that could hand the count to something else.
const COUNT_BLOCKERS = /[+=]|\b(?:extra|additional|from|than|instead|beyond|over|as)\b/i;
const ONLY_LIST_SEPARATORS = /^\s*(?:[,;]\s*)?(?:and|or)?\s*$/i;
// Between a plan's name and a price: only words that make the price that plan's price.
const PRICE_CONNECTORS = new RegExp(
  String.raw`^(?:[\s:(,\u2013\u2014-]|\bplan\b|\btier\b|\bcosts?\b|\bis\b|\bare\b|\bat\b|\bfor\b|\bpriced\b|\bonly\b|\bjust\b|\bor\b|\band\b|${PRICE_SOURCE})*$`,
  "i",
);

/** Every monitor, agent or user count and every monthly or yearly price tied to a plan name. */
export function findPlanClaims(markdown: string): PlanClaim[] {
  return proseSentences(markdown).flatMap((sentence) => [
    ...countClaims(sentence),
    ...priceClaims(sentence),
  ]);
}

/** Sentences naming a plan with a count or price that disagrees with the plan data. */
export function checkPlanClaims(markdown: string, where: string): string[] {
  return findPlanClaims(markdown).flatMap((claim) => {
    const problem = disagreement(claim.plan, claim.kind, claim.value, where);
    return problem ? [`${problem} ("${claim.sentence.trim()}")`] : [];
  });
}

function countClaims(sentence: string): PlanClaim[] {
  return [...sentence.matchAll(COUNT)].flatMap((match) => {
    const noun = (match[2] ?? "").toLowerCase();
    const kind = `${noun}s` as LimitKind;
    const value = parseAmount(match[1] ?? "");
    const end = (match.index ?? 0) + match[0].length;
    const plans = plansAfter(sentence.slice(end));
    if (plans.length) return plans.map((plan) => ({ plan, kind, value, sentence }));
    const before = lastPlanBefore(sentence, match.index ?? 0);
    if (!before) return [];
    const between = sentence.slice(before.end, match.index);
    const sameNoun = new RegExp(String.raw`\b${noun}s?\b`, "i");
    if (COUNT_BLOCKERS.test(between) || sameNoun.test(between)) return [];
    if (ONLY_LIST_SEPARATORS.test(between) || between.length > 100) return [];
    return [{ plan: before.plan, kind, value, sentence }];
  });
}

function priceClaims(sentence: string): PlanClaim[] {
  if (ADD_ON.test(sentence)) return [];
  return [...sentence.matchAll(PRICE)].flatMap((match) => {
    const end = (match.index ?? 0) + match[0].length;
    if (PER_UNIT.test(sentence.slice(end))) return [];
    const kind: LimitKind = (match[2] ?? "").startsWith("y") ? "yearly price" : "monthly price";
    const value = parseAmount(match[1] ?? "");
    const plans = plansAfter(sentence.slice(end)).filter(() =>
      /^\s+(?:for|on)\b/i.test(sentence.slice(end)),
    );
    if (plans.length) return plans.map((plan) => ({ plan, kind, value, sentence }));
    const before = lastPlanBefore(sentence, match.index ?? 0);
    if (!before || !PRICE_CONNECTORS.test(sentence.slice(before.end, match.index))) return [];
    return [{ plan: before.plan, kind, value, sentence }];
  });
}

function plansAfter(text: string): Plan[] {
  const list = FOLLOWING_PLANS.exec(text)?.[1];
  if (!list) return [];
  return [...list.matchAll(PLAN_IN_TEXT)].flatMap((m) => planNamed(m[0]) ?? []);
}

function lastPlanBefore(sentence: string, index: number): { plan: Plan; end: number } | undefined {
  const found = [...sentence.slice(0, index).matchAll(PLAN_IN_TEXT)].at(-1);
  const plan = found && planNamed(found[0]);
  return plan ? { plan, end: (found.index ?? 0) + found[0].length } : undefined;
}
