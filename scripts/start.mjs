// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server in this process.
import { ensureWebBuild } from "./web-build.mjs";

await ensureWebBuild();
const { register } = await import("tsx/esm/api");
register();
await import("../apps/server/src/main.ts");
