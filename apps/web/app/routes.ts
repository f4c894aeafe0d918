import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("account-deletion", "routes/account-deletion.tsx"),
    route("slack-integration", "routes/slack-integration.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
