import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTool } from "./run-tool.mjs";
import { fillTemplate, templatePath } from "./templates.mjs";

/** The npm package's manifest: one bundled file, no dependencies, nothing run at install. */
function manifest(facts) {
  return {
    name: facts.name,
    version: facts.version,
    description: facts.npmDescription,
    license: "Apache-2.0",
    type: "module",
    bin: { "upwatch-agent": "upwatch-agent.mjs" },
    engines: { node: ">=20.19" },
    files: ["upwatch-agent.mjs", "agent.yaml", "README.md", "LICENSE"],
    keywords: ["upwatch", "monitoring", "agent"],
  };
}

/** Packs `upwatch-agent-<version>.tgz` into `outDir` with `npm pack`; returns its path. */
export function buildNpmPackage({ bundle, facts, outDir, license }) {
  const stage = mkdtempSync(join(tmpdir(), "upwatch-agent-npm-"));
  try {
    writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest(facts), null, 2)}\n`);
    copyFileSync(bundle, join(stage, "upwatch-agent.mjs"));
    chmodSync(join(stage, "upwatch-agent.mjs"), 0o755);
    copyFileSync(templatePath("agent.yaml"), join(stage, "agent.yaml"));
    writeFileSync(
      join(stage, "README.md"),
      fillTemplate("npm-readme.md", { VERSION: facts.version }),
    );
    copyFileSync(license, join(stage, "LICENSE"));
    const packed = JSON.parse(
      runTool("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", outDir], {
        cwd: stage,
      }),
    );
    return join(outDir, packed[0].filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
