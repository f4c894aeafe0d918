// Bundles a workspace's entry points into its `dist/` as plain JavaScript for Node. The internal
// `@upwatch/*` packages (TypeScript sources) are bundled in; every other package stays an import
// that Node resolves from node_modules at run time.
import { rmSync } from "node:fs";
import { build } from "esbuild";

/** Leaves third-party packages to node_modules and bundles our own. */
const keepThirdPartyExternal = {
  name: "keep-third-party-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@upwatch/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** Empties `<workspaceDir>/dist` and bundles `entryPoints` (output name -> source) into it. */
export async function bundleForNode(workspaceDir, entryPoints) {
  rmSync(`${workspaceDir}dist`, { recursive: true, force: true });
  await build({
    absWorkingDir: workspaceDir,
    entryPoints,
    outdir: "dist",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [keepThirdPartyExternal],
  });
}
