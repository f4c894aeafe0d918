// Bundles the agent, its libraries included, into the one file `dist/upwatch-agent.mjs`: the npm
// package, the .deb and the .rpm ship that file alone, so it runs wherever Node.js 20.19 or newer does.
import { chmodSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const workspace = fileURLToPath(new URL("..", import.meta.url));

// zod's namespace carries every language's messages; the agent only ever uses English, so the
// others resolve to it, which keeps some 340 KB out of the bundle.
const englishZodMessagesOnly = {
  name: "english-zod-messages-only",
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/.test(args.importer)) return undefined;
      return { path: join(dirname(args.importer), "en.js") };
    });
  },
};
rmSync(`${workspace}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: workspace,
  entryPoints: { "upwatch-agent": "src/cli.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  minifySyntax: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [englishZodMessagesOnly],
  banner: {
    // systeminformation is CommonJS and calls require(); an ES module has none of its own.
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __agentCreateRequire } from "node:module";',
      "const require = __agentCreateRequire(import.meta.url);",
    ].join("\n"),
  },
});
chmodSync(`${workspace}dist/upwatch-agent.mjs`, 0o755);
