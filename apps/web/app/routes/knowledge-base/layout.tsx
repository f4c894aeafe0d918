import { Outlet, useLocation, useNavigation } from "react-router";
import { PageSkeleton } from "../../knowledge-base/components/skeletons.tsx";
import helpCentreCss from "../../knowledge-base/styles/index.css?url";
import { useDelayedFlag } from "../../knowledge-base/use-delayed-flag.ts";
import { stylesheet } from "../../lib/stylesheet.ts";

export const links = () => [stylesheet(helpCentreCss)];

const SHOW_SKELETON_AFTER_MS = 150;

/** The help centre's frame: its styles, and a skeleton while the next page's code loads. */
export default function KnowledgeBaseLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location?.pathname;
  const loadingOtherPage =
    navigation.state === "loading" &&
    next !== undefined &&
    next !== location.pathname &&
    next.startsWith("/knowledge-base");
  const showSkeleton = useDelayedFlag(loadingOtherPage, SHOW_SKELETON_AFTER_MS);
  if (showSkeleton && next) {
    const isList = next === "/knowledge-base" || next.startsWith("/knowledge-base/category/");
    return (
      <main className="kb-page">
        <PageSkeleton kind={isList ? "list" : "article"} />
      </main>
    );
  }
  return (
    <>
      <p className="self-hosted-only container kb-edition-note" role="note">
        This server runs the self-hosted edition: everything these articles describe is on for every
        account, without limits. Plan names and prices belong to the hosted service.
      </p>
      <Outlet />
    </>
  );
}
