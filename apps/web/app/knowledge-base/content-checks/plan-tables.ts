import {
  disagreement,
  type LimitKind,
  PLAN_NAME,
  parseAmount,
  planNamed,
} from "./plan-vocabulary.ts";
import { markdownTables } from "./prose.ts";

const WHOLE_PLAN_NAME = new RegExp(`^${PLAN_NAME}$`);

/**
 * Plan tables whose cells disagree with the plan data: plans as columns (a header row of plan
 * names, one limit per row) or plans as rows (a first column of plan names, one limit per column).
 */
export function checkPlanTables(markdown: string, where: string): string[] {
  const problems: string[] = [];
  for (const table of markdownTables(markdown)) {
    const [header = [], ...rows] = table;
    if (header.filter(isPlanName).length >= 2) {
      for (const row of rows) {
        const kind = limitOf(row[0] ?? "");
        if (!kind) continue;
        for (const [i, name] of header.entries()) check(name, kind, row[i], problems, where);
      }
    } else if (rows.filter((row) => isPlanName(row[0] ?? "")).length >= 2) {
      for (const row of rows) {
        for (const [i, label] of header.entries()) {
          const kind = limitOf(label);
          if (kind) check(row[0] ?? "", kind, row[i], problems, where);
        }
      }
    }
  }
  return problems;
}

function check(name: string, kind: LimitKind, cell = "", problems: string[], where: string) {
  const plan = isPlanName(name) ? planNamed(name) : undefined;
  const stated = plan ? cellValue(cell, kind) : undefined;
  if (!plan || stated === undefined) return;
  const problem = disagreement(plan, kind, stated, `${where} (table)`);
  if (problem) problems.push(`${problem} (cell "${cell}")`);
}

function isPlanName(text: string): boolean {
  return WHOLE_PLAN_NAME.test(text.trim());
}

function limitOf(label: string): LimitKind | undefined {
  const text = label.toLowerCase();
  if (/\bmonitors?\b/.test(text) && !/extra|add/.test(text)) return "monitors";
  if (/\bagents?\b/.test(text) && !/extra|add/.test(text)) return "agents";
  if (/\busers?\b/.test(text)) return "users";
  if (/month/.test(text) && /price|cost|monthly/.test(text)) return "monthly price";
  if (/year|annual/.test(text) && /price|cost|yearly|annual/.test(text)) return "yearly price";
  return undefined;
}

/** A cell as a number, `null` (unlimited, custom or none), or undefined when it is not plain. */
function cellValue(cell: string, kind: LimitKind): number | null | undefined {
  const text = cell.trim().toLowerCase();
  const empty = /^(-|—|–|none|n\/a)$/.test(text);
  if (kind.endsWith("price")) {
    if (empty || text === "custom") return null;
    const price = /^\$(\d[\d,]*)(?:\s|$)/.exec(text);
    return price ? parseAmount(price[1] ?? "") : undefined;
  }
  if (empty) return 0;
  if (text === "unlimited") return null;
  return /^\d[\d,]*$/.test(text) ? parseAmount(text) : undefined;
}
