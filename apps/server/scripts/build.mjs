// Bundles the server and the admin command into `dist/` (see scripts/bundle-for-node.mjs). The
// script step sandbox runs in its own worker thread, loaded from `dist/script-worker.js`.
import { fileURLToPath } from "node:url";
import { bundleForNode } from "../../../scripts/bundle-for-node.mjs";

await bundleForNode(fileURLToPath(new URL("..", import.meta.url)), {
  main: "src/main.ts",
  admin: "src/admin/cli.ts",
  "script-worker": "../../packages/checks/src/sandbox/script-worker.js",
});
