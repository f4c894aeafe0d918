import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useCan } from "../session.tsx";

/** Where Settings leads to the account's secure variables. */
export function SecureVariablesPanel() {
  const mayManage = useCan()("secure_variables.manage");
  return (
    <section className="app-panel" id="secure-variables" aria-labelledby="secure-variables-heading">
      <h2 id="secure-variables-heading">Secure variables</h2>
      <p className="app-panel-lead">
        Passwords and tokens that multi-step API checks send, stored encrypted and never shown again
        after saving.
      </p>
      <Link to={`${APP_BASE}/secure-variables`} className="button button-ghost">
        {mayManage ? "Manage secure variables" : "See secure variables"}
      </Link>
    </section>
  );
}
