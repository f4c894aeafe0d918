import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * A fingerprint of the files under `paths` (folders are walked): their names, sizes and
 * modification times. Cheap enough to compute at every start.
 */
export function sourceFingerprint(root, paths) {
  const files = [];
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) {
      files.push(full);
      continue;
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
    }
  }
  const hash = createHash("sha1");
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}
