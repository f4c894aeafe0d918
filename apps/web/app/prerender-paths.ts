import { knowledgeBase } from "./knowledge-base/content/bundled.ts";
import { knowledgeBasePaths } from "./knowledge-base/content/page-paths.ts";

/**
 * Every route served as real HTML, and the sitemap. `/404` becomes the server's not-found page.
 */
export async function prerenderPaths(): Promise<string[]> {
  return [
    "/",
    "/contact",
    "/privacy",
    "/terms",
    "/account-deletion",
    "/slack-integration",
    "/404",
    "/sitemap.xml",
    ...knowledgeBasePaths(knowledgeBase),
  ];
}
