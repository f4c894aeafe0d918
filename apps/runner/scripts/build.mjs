// Bundles the runner into `dist/runner.js` (see scripts/bundle-for-node.mjs).
import { fileURLToPath } from "node:url";
import { bundleForNode } from "../../../scripts/bundle-for-node.mjs";

await bundleForNode(fileURLToPath(new URL("..", import.meta.url)), { runner: "src/main.ts" });
