/** Where on the page a sign-up call to action sits; both count as a registration conversion. */
export type SignUpPlacement = "hero" | "final_cta";

/** Everything the site reports to analytics and ad pixels. */
export type AnalyticsEvent =
  | { name: "page_view"; path: string; title: string }
  | { name: "click"; label: string; href: string }
  | { name: "newsletter_subscription" }
  | { name: "view_content"; content: string }
  | { name: "registration_complete"; placement: SignUpPlacement }
  | { name: "contact"; subject: string };

/** One destination for events, such as Google Analytics or the Meta pixel. */
export interface AnalyticsAdapter {
  track(event: AnalyticsEvent): void;
}
