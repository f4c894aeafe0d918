// Bundles the server and the admin command into `dist/` as plain JavaScript for Node. The
// internal `@upwatch/*` packages (TypeScript sources) are bundled in; every other package stays
// an import that Node resolves from node_modules at run time.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = fileURLToPath(new URL("..", import.meta.url));

/** Leaves third-party packages to node_modules and bundles our own. */
const keepThirdPartyExternal = {
  name: "keep-third-party-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@upwatch/") ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(`${serverDir}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: { main: "src/main.ts", admin: "src/admin/cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  logLevel: "warning",
  plugins: [keepThirdPartyExternal],
});
