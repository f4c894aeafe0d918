import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The product's version, from the workspace's root manifest: the first `package.json` named
 * `upwatch` above this module, which finds it from the sources and from the build alike.
 */
export function productVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.name === "upwatch" && typeof manifest.version === "string") {
        return manifest.version;
      }
    } catch {
      // No manifest here: look one folder up.
    }
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}
