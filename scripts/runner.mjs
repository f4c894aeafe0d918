// `npm run runner -- --region eu-west-1`: builds the runner when its build is missing or older
// than its sources, then runs the built runner (plain JavaScript) in this process.
import { ensureBuild } from "./build.mjs";

await ensureBuild({ parts: ["runner"] });
process.setSourceMapsEnabled(true);
await import("../apps/runner/dist/runner.js");
