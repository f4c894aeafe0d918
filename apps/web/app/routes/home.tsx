import { PRODUCT_NAME } from "@upwatch/core";
import { pageMeta } from "../lib/page-meta.ts";

export function meta() {
  return pageMeta({
    title: "Uptime and server monitoring",
    description: `${PRODUCT_NAME} checks your websites, APIs and servers every minute and alerts you the moment something breaks.`,
    path: "/",
    keywords: ["uptime monitoring", "website monitoring", "server monitoring", "API monitoring"],
  });
}

export default function Home() {
  return (
    <main>
      <h1>Know the moment your site goes down</h1>
      <p>
        {PRODUCT_NAME} checks your websites, APIs and servers around the clock and alerts you by
        e-mail, SMS, Slack or webhook before your customers notice.
      </p>
    </main>
  );
}
