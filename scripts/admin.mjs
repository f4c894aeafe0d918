// `npm run admin -- <command>`: the operator's command, run from the server's build (built first
// when its sources changed and the build tools are installed).
import { ensureBuild } from "./build.mjs";

await ensureBuild({ parts: ["server"] });
process.setSourceMapsEnabled(true);
await import("../apps/server/dist/admin.js");
