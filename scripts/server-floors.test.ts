import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IMPORTS_UP_A_FLOOR, SERVER_FLOORS } from "./server-floors.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER = join(ROOT, "apps/server/src");
const RELATIVE_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])(\.{1,2}\/[^"']+)\1/gm;

const floorOf = new Map(
  SERVER_FLOORS.flatMap((parts, index) => parts.map((part) => [part, index + 1] as const)),
);

/** The part a path under the server's source stands in: its top folder (`engine/`) or itself. */
function partOf(path: string): string {
  const [top = "", ...rest] = path.split("/");
  return rest.length > 0 ? `${top}/` : top;
}

/** The server's files other than tests, by path under its source. */
function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
      ? [relative(SERVER, path)]
      : [];
  });
}

/** "<file> -> <imported file>" for each import of a server file that runs up a floor. */
function importsUpAFloor(): string[] {
  const found: string[] = [];
  for (const file of serverFiles()) {
    const text = readFileSync(join(SERVER, file), "utf8");
    for (const [, , specifier = ""] of text.matchAll(RELATIVE_SPECIFIER)) {
      const imported = relative(SERVER, resolve(SERVER, dirname(file), specifier));
      if (imported.startsWith("..")) continue;
      const from = floorOf.get(partOf(file)) ?? 0;
      const to = floorOf.get(partOf(imported)) ?? 0;
      if (to < from) found.push(`${file} -> ${imported}`);
    }
  }
  return found.sort();
}

/** The floors as the code block under "Floors" in docs/architecture.md lists them. */
function floorsInArchitectureDoc(): string[][] {
  const text = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const block = text.split("### Floors: what each folder may import")[1]?.split("```")[1] ?? "";
  const floors: string[][] = [];
  let namesGoOn = false;
  for (const line of block.split("\n")) {
    const numbered = /^(\d+)\s+(.*)$/.exec(line);
    if (!numbered && !namesGoOn) continue;
    if (numbered) floors.push([]);
    const names = /^(?:[\w.-]+(?:\/|\.ts)(?:,\s*|\s|$))*/.exec(numbered?.[2] ?? line.trim())?.[0];
    floors.at(-1)?.push(
      ...(names ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    );
    namesGoOn = names?.trimEnd().endsWith(",") ?? false;
  }
  return floors;
}

describe("the server's floors", () => {
  it("give every folder and top-level file of the server a floor, and name only those", () => {
    const parts = new Set(serverFiles().map(partOf));
    expect([...parts].filter((part) => !floorOf.has(part))).toEqual([]);
    expect([...floorOf.keys()].filter((part) => !parts.has(part))).toEqual([]);
  });

  it("let no file of the server import a file on a higher floor, save the listed exceptions", () => {
    const listed = new Set(IMPORTS_UP_A_FLOOR);
    expect(importsUpAFloor().filter((found) => !listed.has(found))).toEqual([]);
  });

  it("list only exceptions that still happen", () => {
    const found = new Set(importsUpAFloor());
    expect(IMPORTS_UP_A_FLOOR.filter((listed) => !found.has(listed))).toEqual([]);
  });

  it("are the floors docs/architecture.md shows", () => {
    expect(floorsInArchitectureDoc()).toEqual(SERVER_FLOORS);
  });
});
