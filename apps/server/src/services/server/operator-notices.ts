import type { ServerNotice } from "@upwatch/api";

/** The parts of the configuration that decide what the operator is told to fix. */
export interface NoticeFacts {
  publicUrlSet: boolean;
  publicUrl: string;
  host: string;
}

/** Whether the server answers only on this machine (a loopback address or localhost). */
export function listensOnlyOnLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** What the operator should fix in this configuration, worded for the person who can. */
export function operatorNotices(facts: NoticeFacts): ServerNotice[] {
  if (facts.publicUrlSet || listensOnlyOnLoopback(facts.host)) return [];
  return [
    {
      code: "public_url_unset",
      message: `PUBLIC_URL is not set, so every link this server writes (sign-in and invitation mails, alert mails, status pages, the agent's install commands) names ${facts.publicUrl}, which other machines cannot reach. Set PUBLIC_URL to the address people and agents use, such as https://upwatch.example.com, and restart the server.`,
    },
  ];
}
