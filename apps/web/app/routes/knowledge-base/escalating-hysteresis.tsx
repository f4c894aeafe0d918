import { useLoaderData } from "react-router";
import { GuidePage, guideMeta } from "../../knowledge-base/components/guide-page.tsx";
import { guidePageData } from "../../knowledge-base/page-data.server.ts";

export function loader() {
  return guidePageData("escalating-hysteresis");
}

export function meta({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return guideMeta(loaderData);
}

export default function EscalatingHysteresisGuide() {
  return <GuidePage data={useLoaderData<typeof loader>()} />;
}
