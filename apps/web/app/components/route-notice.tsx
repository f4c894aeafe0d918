import { useLocation } from "react-router";

/**
 * A sentence handed over by the screen that led here (for instance after an account was
 * deleted), shown once at the top of the page.
 */
export function RouteNotice() {
  const { state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  if (typeof notice !== "string" || !notice) return null;
  return (
    <div className="container route-notice">
      <p className="form-success" role="status">
        {notice}
      </p>
    </div>
  );
}
