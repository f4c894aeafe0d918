import { readdirSync, readFileSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SKIPPED_FOLDERS = new Set(["node_modules", "build", "dist", ".react-router"]);
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\.resolve\(\s*)(["'])(@?[a-z0-9][\w.-]*(?:\/[\w.@-]+)*)\1/gm;

interface Workspace {
  dir: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

function readWorkspace(dir: string): Workspace {
  const manifest = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
  return {
    dir,
    dependencies: manifest.dependencies ?? {},
    devDependencies: manifest.devDependencies ?? {},
  };
}

const workspaces = ["apps", "packages"].flatMap((group) =>
  readdirSync(join(ROOT, group)).map((name) => readWorkspace(`${group}/${name}`)),
);
const root = readWorkspace(".");
// The web app and the agent are bundled into files at build time: what they import is build
// input, declared under devDependencies, and nothing is installed with them.
const BUNDLED = new Set(["apps/web", "apps/agent"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The packages a file imports, by package name. */
function importedPackages(file: string): string[] {
  const names = [...readFileSync(file, "utf8").matchAll(SPECIFIER)].map(([, , specifier = ""]) => {
    const parts = specifier.split("/");
    return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
  });
  return names.filter((name) => !isBuiltin(name) && !name.startsWith("virtual:"));
}

/** Files that run in production: not tests, test fixtures or build scripts. */
function isProductionFile(file: string): boolean {
  return !/\.test\.ts$|\/(test|testing|e2e|scripts)\//.test(file);
}

/** "<file> imports <package>" for each package a workspace uses without declaring it (first file). */
function undeclared(workspace: Workspace, files: string[], production = false): string[] {
  const declared = production
    ? workspace.dependencies
    : { ...workspace.dependencies, ...workspace.devDependencies };
  const firstUse = new Map<string, string>();
  for (const file of files) {
    for (const name of importedPackages(file)) {
      if (!(name in declared) && !firstUse.has(name)) firstUse.set(name, relative(ROOT, file));
    }
  }
  return [...firstUse].map(([name, file]) => `${file} imports ${name}`);
}

describe("the packages' manifests", () => {
  it("declare every package their files import", () => {
    const rootFiles = ["scripts", "bench"]
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .concat(
        readdirSync(ROOT)
          .filter((name) => name.endsWith(".ts") && statSync(join(ROOT, name)).isFile())
          .map((name) => join(ROOT, name)),
      );
    const missing = workspaces
      .flatMap((workspace) => undeclared(workspace, sourceFiles(join(ROOT, workspace.dir))))
      .concat(undeclared(root, rootFiles));
    expect(missing).toEqual([]);
  });

  it("list what the server loads in production under dependencies, not devDependencies", () => {
    const runtime = workspaces.filter((workspace) => !BUNDLED.has(workspace.dir));
    const missing = runtime.flatMap((workspace) =>
      undeclared(workspace, sourceFiles(join(ROOT, workspace.dir)).filter(isProductionFile), true),
    );
    expect(missing).toEqual([]);
  });

  it("list no dependency of the server or the packages that their code does not import", () => {
    const runtime = workspaces.filter((workspace) => !BUNDLED.has(workspace.dir));
    const unused = runtime.flatMap((workspace) => {
      const files = sourceFiles(join(ROOT, workspace.dir)).filter(isProductionFile);
      const imported = new Set(files.flatMap(importedPackages));
      return Object.keys(workspace.dependencies)
        .filter((name) => !imported.has(name))
        .map((name) => `${workspace.dir} declares ${name}`);
    });
    expect(unused).toEqual([]);
  });
});
