import { CORE_SCHEMA, load } from "js-yaml";

/** One markdown file split into its front matter and its body. */
export interface ContentFile {
  /** Repository-relative path, such as `content/articles/linux-agent.md`; used in messages. */
  file: string;
  data: Record<string, unknown>;
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** A content file that cannot be read; the message names the file so the build log points at it. */
export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "ContentError";
  }
}

/**
 * Splits a markdown file into front matter and body. Text without the `---` delimiters is all
 * body with empty metadata; front matter that is not a YAML mapping throws a `ContentError`.
 */
export function parseContentFile(file: string, raw: string): ContentFile {
  const text = raw.replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(text);
  if (!match) return { file, data: {}, body: text };
  return { file, data: parseYamlMapping(file, match[1] ?? ""), body: text.slice(match[0].length) };
}

function parseYamlMapping(file: string, yaml: string): Record<string, unknown> {
  let data: unknown;
  try {
    // The core schema keeps dates such as 2024-09-12 as text instead of turning them into Dates.
    data = load(yaml, { schema: CORE_SCHEMA, filename: file });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ContentError(file, `the front matter is not valid YAML (${reason})`);
  }
  if (data === undefined || data === null) return {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new ContentError(file, "the front matter must be a list of `key: value` lines");
  }
  return data as Record<string, unknown>;
}
