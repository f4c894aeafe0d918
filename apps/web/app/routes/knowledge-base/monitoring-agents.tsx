import { useLoaderData } from "react-router";
import { GuidePage, guideMeta } from "../../knowledge-base/components/guide-page.tsx";
import { guidePageData } from "../../knowledge-base/page-data.server.ts";

export function loader() {
  return guidePageData("monitoring-agents");
}

export function meta({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return guideMeta(loaderData);
}

export default function MonitoringAgentsGuide() {
  return <GuidePage data={useLoaderData<typeof loader>()} />;
}
