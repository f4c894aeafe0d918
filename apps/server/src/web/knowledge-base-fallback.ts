/**
 * Where to send a request for a help-centre page that was not built (an unknown article or
 * category): the help centre's front page, as the help centre itself does after a bad link.
 */
export function knowledgeBaseFallback(path: string): string | undefined {
  return /^\/knowledge-base\/[^/]/.test(path) ? "/knowledge-base" : undefined;
}
