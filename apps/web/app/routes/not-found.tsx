import { Link } from "react-router";
import { pageMeta } from "../lib/page-meta.ts";

export function meta() {
  return [
    ...pageMeta({
      title: "Page not found",
      description: "The page you asked for does not exist.",
      path: "/404",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return (
    <main id="main" className="container page not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p className="lead">
        The page you asked for does not exist or has moved. Nothing is down, we promise.
      </p>
      <p className="not-found-actions">
        <Link to="/" className="button button-primary">
          Back to the home page
        </Link>
        <Link to="/knowledge-base" className="button button-ghost">
          Search the help centre
        </Link>
      </p>
    </main>
  );
}
