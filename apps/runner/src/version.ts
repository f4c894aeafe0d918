import manifest from "../package.json" with { type: "json" };

/** The runner's version, reported with every heartbeat. */
export const RUNNER_VERSION: string = manifest.version;
