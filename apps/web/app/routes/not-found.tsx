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
    <main className="not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <p>
        <Link to="/">Back to the home page</Link> or{" "}
        <Link to="/knowledge-base">search the help centre</Link>.
      </p>
    </main>
  );
}
