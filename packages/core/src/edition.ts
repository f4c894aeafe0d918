/**
 * Which product a server is (EDITION): the hosted service with its plans, site and billing, or
 * the self-hosted edition, where every account has every feature and `/` is the app.
 */
export const EDITIONS = ["hosted", "self-hosted"] as const;
export type Edition = (typeof EDITIONS)[number];
