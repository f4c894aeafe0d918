import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { StateTag } from "./state-tag.tsx";
import type { StatusPage } from "./status-pages-api.ts";

/** The account's status pages: what visitors see now, where, and who follows them. */
export function StatusPageTable({ pages }: { pages: readonly StatusPage[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Status pages</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col">Public address</th>
            <th scope="col">Subscribers</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id} data-page-slug={page.slug}>
              <td data-label="Name">
                <Link to={`${APP_BASE}/status-pages/${encodeURIComponent(page.id)}`}>
                  {page.name}
                </Link>
              </td>
              <td data-label="State">
                <StateTag state={page.state} />
              </td>
              <td data-label="Public address" className="app-cell-wrap">
                <a href={page.public_url} target="_blank" rel="noopener">
                  {page.public_url}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </td>
              <td data-label="Subscribers">
                {page.confirmed_subscribers.toLocaleString("en-US")} confirmed
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
