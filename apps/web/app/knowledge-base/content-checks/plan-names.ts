import { PLAN_NAME } from "./plan-vocabulary.ts";
import { markdownTables, proseSentences } from "./prose.ts";

const IMPOSTORS = String.raw`(?:Pro|Professional|Premium|Starter|Basic|Team|Teams|Standard|Growth|Plus|Personal|Developer|Startup|Scale|Ultimate|Enterprise)(?![\w+])`;

const NAME_RULES: readonly RegExp[] = [
  // "Pro plan", "Professional tier", "Premium accounts"
  new RegExp(
    String.raw`\b${IMPOSTORS}\s+(?:plans?|tiers?|subscriptions?|accounts?|customers|subscribers|users)\b`,
    "g",
  ),
  // "on Pro", "upgrade to Professional", "the Premium"
  /\b(?:on|to|from|than|choose|the)\s+(?:the\s+)?(?:Pro|Professional|Premium|Starter)(?![\w+])(?!\s+(?:at|add-ons?|badge)\b)/g,
  // "Business or Pro", "Free, Starter and Hobby"
  new RegExp(String.raw`${PLAN_NAME}(?:\s*(?:,|\/|\bor\b|\band\b|\|)\s*)+${IMPOSTORS}`, "g"),
  new RegExp(String.raw`\b${IMPOSTORS}(?:\s*(?:,|\/|\bor\b|\band\b|\|)\s*)+${PLAN_NAME}`, "g"),
  // "Enterprise" without its plus sign
  /\bEnterprise(?![\w+-])/g,
];

/** Mentions of a plan that does not exist (Pro, Professional, Premium, Starter, Enterprise...). */
export function checkPlanNames(markdown: string, where: string): string[] {
  const texts = [
    ...proseSentences(markdown),
    ...markdownTables(markdown).flatMap((table) => table.map((row) => `| ${row.join(" | ")} |`)),
  ];
  const problems = new Set<string>();
  for (const text of texts) {
    for (const rule of NAME_RULES) {
      for (const match of text.matchAll(rule)) {
        problems.add(
          `${where}: "${match[0].trim()}" names a plan that does not exist; the plans are Free, Hobby, Business and Enterprise+ ("${text.trim()}")`,
        );
      }
    }
  }
  return [...problems];
}
