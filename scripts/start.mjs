// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, and the agent's packages the machine has the tools for, then runs the built server
// (plain JavaScript) in this process.
import { preparePackagesForStart } from "./agent-packages/packages-for-start.mjs";
import { ensureBuild } from "./build.mjs";

await ensureBuild();
await preparePackagesForStart();
process.setSourceMapsEnabled(true);
await import("../apps/server/dist/main.js");
