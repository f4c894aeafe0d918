import { readdirSync, readFileSync } from "node:fs";
import { getPlan, PLANS, type Plan } from "@upwatch/core";

const CONTENT = new URL("../../../../content/", import.meta.url);
const ARTICLES = new URL("articles/", CONTENT);

const markdownIn = (folder: string) =>
  readdirSync(new URL(folder, CONTENT))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `${folder}${name.slice(0, -3)}`);

/** Every page of the help centre: the articles, the guides and the pricing questions. */
const CONTENT_PAGES = [...markdownIn("articles/"), ...markdownIn("guides/"), "pricing-faq"];

/**
 * An article's body as a reader sees it, on one line per paragraph: front matter and code blocks
 * dropped, emphasis, links and code marks removed, so sentences match whatever their markup.
 */
export function articleText(slug: string): string {
  return readableText(readFileSync(new URL(`${slug}.md`, ARTICLES), "utf8"));
}

function readableText(source: string): string {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/```[\s\S]*?```/g, "");
  return body
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*/g, "")
    .replace(/×/g, "x");
}

/** The code blocks of an article, such as a schedule drawn as text. */
export function articleCode(slug: string): string[] {
  const source = readFileSync(new URL(`${slug}.md`, ARTICLES), "utf8");
  return [...source.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
}

/** The groups a pattern captures in an article; fails, naming the article, when it says no such thing. */
export function stated(slug: string, pattern: RegExp): string[] {
  const match = pattern.exec(articleText(slug));
  if (!match) throw new Error(`${slug}.md no longer says anything matching ${pattern}.`);
  return match.slice(1).map((group) => group ?? "");
}

/**
 * Every match of a pattern (with the `g` flag) across the whole help centre, as [page, groups];
 * an article is named by its slug, a guide as `guides/<slug>`.
 */
export function statedEverywhere(pattern: RegExp): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [];
  for (const page of CONTENT_PAGES) {
    const text = readableText(readFileSync(new URL(`${page}.md`, CONTENT), "utf8"));
    for (const match of text.matchAll(pattern)) {
      found.push([page.replace(/^articles\//, ""), match.slice(1).map((group) => group ?? "")]);
    }
  }
  return found;
}

/** A table of an article, found by the first cell of its header, as rows of cells. */
export function articleTable(slug: string, firstHeader: string): string[][] {
  const rows: string[][] = [];
  for (const line of articleText(slug).split("\n")) {
    if (!line.startsWith("|")) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
    if (!rows.length && cells[0] !== firstHeader) continue;
    if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
  }
  if (!rows.length) throw new Error(`${slug}.md has no table headed "${firstHeader}".`);
  return rows;
}

/** A whole number as written ("1,000", "0.20"), or null for unlimited, custom or no limit. */
export function amount(text: string): number | null {
  const cleaned = text.trim().toLowerCase().replace(/^\$/, "").replace(/,/g, "");
  if (/^(unlimited|custom|no limit|none)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (!Number.isFinite(value) || cleaned === "") throw new Error(`"${text}" is not a number.`);
  return value;
}

/** A duration as written ("5 minutes", "1 minute", "30 seconds", "an hour") in seconds. */
export function durationSeconds(text: string): number {
  const match = /^(\d+|an?|one)?\s*(second|minute|hour|day)s?$/.exec(text.trim().toLowerCase());
  if (!match) throw new Error(`"${text}" is not a duration.`);
  const count = /^\d+$/.test(match[1] ?? "") ? Number(match[1]) : 1;
  const unit = { second: 1, minute: 60, hour: 3600, day: 86_400 }[match[2] as string] ?? 0;
  return count * unit;
}

/** The plan a table header or sentence names ("Free", "Enterprise+"). */
export function planNamed(name: string): Plan {
  const plan = PLANS.find((candidate) => candidate.name === name.trim());
  if (!plan) throw new Error(`"${name}" is not a plan.`);
  return getPlan(plan.id);
}
