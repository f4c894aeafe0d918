import { useQuery } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

/** Asked once a session: the configuration does not change while the server runs. */
const serverNoticesQuery = {
  queryKey: ["server-notices"],
  queryFn: () => call(OP.listServerNotices),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

/**
 * What the server's operator should fix (PUBLIC_URL unset while others can reach the server),
 * shown to the people who run the server; the server answers nothing to anyone else.
 */
export function ServerNoticesBanner() {
  const answer = useQuery(serverNoticesQuery);
  const notices = answer.data?.notices ?? [];
  if (!notices.length) return null;
  return (
    <section className="app-notice" data-tone="warn" aria-label="Server settings to fix">
      {notices.map((notice) => (
        <p key={notice.code}>{notice.message}</p>
      ))}
    </section>
  );
}
