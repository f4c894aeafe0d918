import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OPERATIONS = readFileSync(join(ROOT, "docs/operations.md"), "utf8");

/** Every fenced block of the document, with the text of its first line after the fence. */
function fencedBlocks(markdown: string): { language: string; text: string }[] {
  const blocks: { language: string; text: string }[] = [];
  const fence = /^```(\S*)\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    blocks.push({ language: match[1] ?? "", text: match[2] ?? "" });
  }
  return blocks;
}

describe("the operations guide", () => {
  const blocks = fencedBlocks(OPERATIONS);

  it.each([
    ["Caddyfile", "caddyfile"],
    ["nginx.conf", "nginx"],
    ["upwatch.service", "ini"],
  ])("shows packaging/server/%s exactly as it is committed", (file, language) => {
    const committed = readFileSync(join(ROOT, "packaging/server", file), "utf8");
    const shown = blocks.filter((block) => block.text === committed);
    expect(
      shown.map((block) => block.language),
      `docs/operations.md must show ${file} as committed`,
    ).toEqual([language]);
    expect(OPERATIONS).toContain(`\`packaging/server/${file}\``);
  });

  it("names the same server settings in the proxies' files as in the guide's environment file", () => {
    for (const file of ["Caddyfile", "nginx.conf"]) {
      const committed = readFileSync(join(ROOT, "packaging/server", file), "utf8");
      expect(committed, file).toContain(
        "PUBLIC_URL=https://status.example.com, HOST=127.0.0.1, TRUST_PROXY=127.0.0.1",
      );
      expect(committed, file).toContain("127.0.0.1:3000");
    }
    for (const line of [
      "PUBLIC_URL=https://status.example.com",
      "HOST=127.0.0.1",
      "PORT=3000",
      "TRUST_PROXY=127.0.0.1",
      "DATA_DIR=/var/lib/upwatch",
    ]) {
      expect(OPERATIONS.split("\n"), line).toContain(line);
    }
  });
});
