import manifest from "../package.json" with { type: "json" };

/** The agent's version, sent with every report and in the User-Agent. */
export const AGENT_VERSION: string = manifest.version;
