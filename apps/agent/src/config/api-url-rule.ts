/** Whether the host names this machine, where plain http:// is allowed for local testing. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1") return true;
  const parts = host.split(".");
  return (
    parts.length === 4 &&
    parts[0] === "127" &&
    parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
  );
}

/** The problem with `api_url` in a sentence, or null when the agent may use it. */
export function apiUrlProblem(value: string, where: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `api_url ${where} is not a URL; use your Upwatch address, such as https://upwatch.example.com.`;
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    if (isLoopbackHost(url.hostname)) return null;
    return `api_url ${where} uses http://; the agent sends its key only over https:// (plain http:// is accepted for a server on this machine alone).`;
  }
  return `api_url ${where} must start with https://.`;
}
