import { useEffect } from "react";
import { useNavigate } from "react-router";
import { pageMeta } from "../lib/page-meta.ts";

const TARGET = "/knowledge-base/slack-integration";

export function meta() {
  return [
    ...pageMeta({
      title: "Slack integration",
      description: "How to send Upwatch alerts to a Slack channel.",
      path: TARGET,
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The old address of the Slack guide: moves on to the help-centre article, replacing history. */
export default function SlackIntegration() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(TARGET, { replace: true });
  }, [navigate]);
  return (
    <main id="main" className="container page">
      <noscript>
        <meta httpEquiv="refresh" content={`0; url=${TARGET}`} />
      </noscript>
      <p>
        The Slack guide has moved to the <a href={TARGET}>help centre</a>.
      </p>
    </main>
  );
}
