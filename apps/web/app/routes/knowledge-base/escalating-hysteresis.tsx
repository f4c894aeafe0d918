import { GuidePage, guideMeta } from "../../knowledge-base/components/guide-page.tsx";

const SLUG = "escalating-hysteresis";

export function meta() {
  return guideMeta(SLUG);
}

export default function EscalatingHysteresisGuide() {
  return <GuidePage slug={SLUG} />;
}
