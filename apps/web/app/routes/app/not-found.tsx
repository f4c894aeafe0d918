import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Page not found");
}

/** An app address that does not exist. */
export default function AppNotFound() {
  return (
    <AuthFrame
      title="Page not found"
      lead="There is no screen at this address in the app. It may have moved, or the link was mistyped."
    >
      <p className="not-found-actions">
        <Link to={APP_BASE} className="button button-primary">
          Go to your monitors
        </Link>
        <Link to="/" className="button button-ghost">
          Home page
        </Link>
      </p>
    </AuthFrame>
  );
}
