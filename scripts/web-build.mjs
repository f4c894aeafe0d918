import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = [
  "apps/web/app",
  "apps/web/vite-plugins",
  "apps/web/public",
  "packages/core/src",
  "packages/api/src",
  "content",
];
const CONFIG_FILES = [
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "package-lock.json",
];
const STAMP = join(root, "apps/web/build/.source-fingerprint");

/** A fingerprint of everything the web build is made from (names, sizes, modification times). */
function fingerprint() {
  const hash = createHash("sha1");
  const files = [...CONFIG_FILES.map((file) => join(root, file))];
  for (const dir of SOURCES) {
    const full = join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
    }
  }
  for (const file of files.sort()) {
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/** Builds the web app unless the build on disk was made from the current sources. */
export async function ensureWebBuild({ force = false } = {}) {
  const current = fingerprint();
  const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8") : "";
  if (!force && built === current) return;
  console.log("Building the web app (first start or changed sources)...");
  const result = spawnSync("npm", ["run", "build", "--silent", "-w", "@upwatch/web"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error("The web app failed to build; see the errors above.");
    process.exit(1);
  }
  writeFileSync(STAMP, current);
}
