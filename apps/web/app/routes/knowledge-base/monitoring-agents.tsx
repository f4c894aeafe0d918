import { GuidePage, guideMeta } from "../../knowledge-base/components/guide-page.tsx";

const SLUG = "monitoring-agents";

export function meta() {
  return guideMeta(SLUG);
}

export default function MonitoringAgentsGuide() {
  return <GuidePage slug={SLUG} />;
}
