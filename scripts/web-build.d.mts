/** Builds the web app unless the build on disk was made from the current sources. */
export function ensureWebBuild(options?: { force?: boolean }): Promise<void>;
