// Bundles the runner into `dist/runner.js` (see scripts/bundle-for-node.mjs), and the script step
// sandbox's worker into `dist/script-worker.js` next to it.
import { fileURLToPath } from "node:url";
import { bundleForNode } from "../../../scripts/bundle-for-node.mjs";

await bundleForNode(fileURLToPath(new URL("..", import.meta.url)), {
  runner: "src/main.ts",
  "script-worker": "../../packages/checks/src/sandbox/script-worker.js",
});
