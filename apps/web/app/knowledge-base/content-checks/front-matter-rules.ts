import { slugFromFile } from "../content/article.ts";
import { findCategoryInfo } from "../content/categories.ts";
import type { ContentFile } from "../content/front-matter.ts";
import { readingTimeFor } from "../content/reading-time.ts";

const ARTICLE_KEYS = [
  "slug",
  "title",
  "description",
  "category",
  "tags",
  "dateCreated",
  "dateUpdated",
  "readingTime",
  "version",
  "featured",
];
const GUIDE_KEYS = ["title", "description", "dateUpdated", "readingTime"];

/** Problems with an article's front matter: missing or mistyped fields, unknown category. */
export function checkArticleFrontMatter({ file, data, body }: ContentFile): string[] {
  const problems = [
    ...unknownKeys(file, data, ARTICLE_KEYS),
    ...requiredText(file, data, ["slug", "title", "description", "category"]),
    ...dates(file, data, ["dateCreated", "dateUpdated"]),
  ];
  if (typeof data.slug === "string" && data.slug !== slugFromFile(file)) {
    problems.push(`${file}: slug "${data.slug}" differs from the file name`);
  }
  if (typeof data.category === "string" && !findCategoryInfo(data.category)) {
    problems.push(`${file}: unknown category "${data.category}"`);
  }
  const tags = data.tags;
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((t) => typeof t === "string")) {
    problems.push(`${file}: tags must be a non-empty list such as [agents, linux]`);
  }
  if (data.version !== undefined && typeof data.version !== "string") {
    problems.push(`${file}: version must be quoted text, such as "2.1"`);
  }
  if (data.featured !== undefined && typeof data.featured !== "boolean") {
    problems.push(`${file}: featured must be true or false`);
  }
  if (
    typeof data.dateCreated === "string" &&
    typeof data.dateUpdated === "string" &&
    data.dateUpdated < data.dateCreated
  ) {
    problems.push(`${file}: dateUpdated is before dateCreated`);
  }
  return [...problems, ...readingTime(file, data, body)];
}

/** Problems with a guide's front matter. */
export function checkGuideFrontMatter({ file, data, body }: ContentFile): string[] {
  return [
    ...unknownKeys(file, data, GUIDE_KEYS),
    ...requiredText(file, data, ["title", "description"]),
    ...dates(file, data, ["dateUpdated"]),
    ...readingTime(file, data, body),
  ];
}

function readingTime(file: string, data: Record<string, unknown>, body: string): string[] {
  const expected = readingTimeFor(body);
  if (data.readingTime === expected) return [];
  return [
    `${file}: readingTime is ${JSON.stringify(data.readingTime)} but the body should read "${expected}" (one minute per 200 words, rounded up)`,
  ];
}

function unknownKeys(file: string, data: Record<string, unknown>, known: string[]): string[] {
  return Object.keys(data)
    .filter((key) => !known.includes(key))
    .map((key) => `${file}: unknown front-matter field "${key}" (known: ${known.join(", ")})`);
}

function requiredText(file: string, data: Record<string, unknown>, keys: string[]): string[] {
  return keys
    .filter((key) => typeof data[key] !== "string" || !(data[key] as string).trim())
    .map((key) => `${file}: front matter lacks "${key}"`);
}

function dates(file: string, data: Record<string, unknown>, keys: string[]): string[] {
  return keys
    .filter((key) => !isIsoDate(data[key]))
    .map((key) => `${file}: ${key} must be a date such as 2024-09-12`);
}

function isIsoDate(value: unknown): boolean {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
