// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then runs the built server (plain JavaScript) in this process.
import { ensureBuild } from "./build.mjs";

await ensureBuild();
process.setSourceMapsEnabled(true);
await import("../apps/server/dist/main.js");
