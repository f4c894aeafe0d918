import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("account-deletion", "routes/account-deletion.tsx"),
    route("slack-integration", "routes/slack-integration.tsx"),
    layout("routes/knowledge-base/layout.tsx", [
      ...prefix("knowledge-base", [
        index("routes/knowledge-base/index.tsx"),
        route("pricing", "routes/knowledge-base/pricing.tsx"),
        route("escalating-hysteresis", "routes/knowledge-base/escalating-hysteresis.tsx"),
        route("monitoring-agents", "routes/knowledge-base/monitoring-agents.tsx"),
        route("category/:categoryId", "routes/knowledge-base/category.tsx"),
        route(":slug", "routes/knowledge-base/article.tsx"),
      ]),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // The signed-in app: client-only screens (never prerendered), served from the SPA fallback.
  ...prefix("app", [
    route("login", "routes/app/login.tsx"),
    route("register", "routes/app/register.tsx"),
    route("forgot-password", "routes/app/forgot-password.tsx"),
    route("reset-password", "routes/app/reset-password.tsx"),
    route("invitations/:token", "routes/app/invitation.tsx"),
    route("shared-board", "routes/app/shared-board.tsx"),
    layout("routes/app/layout.tsx", [
      // Monitors: the list and the groups under the section's tabs; the wall display alone.
      layout("routes/app/monitors-layout.tsx", [
        index("routes/app/monitors.tsx"),
        route("monitors/groups", "routes/app/groups.tsx"),
        route("monitors/groups/new", "routes/app/group-new.tsx"),
        route("monitors/groups/:id", "routes/app/group.tsx"),
      ]),
      route("monitors/groups/wall", "routes/app/groups-wall.tsx"),
      // Dashboards: the list, one board (built and shared there) and its wall display alone.
      route("dashboards", "routes/app/dashboards.tsx"),
      route("dashboards/:id", "routes/app/dashboard.tsx"),
      route("dashboards/:id/wall", "routes/app/dashboard-wall.tsx"),
      route("monitors/new", "routes/app/monitor-new.tsx"),
      route("monitors/:id", "routes/app/monitor-detail.tsx"),
      route("monitors/:id/edit", "routes/app/monitor-edit.tsx"),
      // Alerts: the alerts, and the dependencies that hold a child's alerts back, under tabs.
      route("alerts", "routes/app/alerts-layout.tsx", [
        index("routes/app/alerts.tsx"),
        route("dependencies", "routes/app/alert-dependencies.tsx"),
        route("maintenance", "routes/app/alert-maintenance.tsx"),
      ]),
      route("reports", "routes/app/reports.tsx"),
      // Agents: the list, adding one, and one agent's screens under its tabs.
      route("agents", "routes/app/agents.tsx"),
      route("agents/new", "routes/app/agent-new.tsx"),
      route("agents/:id", "routes/app/agent.tsx", [
        index("routes/app/agent-overview.tsx"),
        route("charts", "routes/app/agent-charts.tsx"),
        route("services", "routes/app/agent-services.tsx"),
        route("tasks", "routes/app/agent-tasks.tsx"),
        route("alerts", "routes/app/agent-alerts.tsx"),
        route("settings", "routes/app/agent-settings.tsx"),
      ]),
      // Account screens.
      route("channels", "routes/app/channels.tsx"),
      route("channels/new", "routes/app/channel-new.tsx"),
      route("channels/:id", "routes/app/channel.tsx"),
      route("api-keys", "routes/app/api-keys.tsx"),
      route("regions", "routes/app/regions.tsx"),
      // Settings: the account and its people, under the section's tabs.
      route("settings", "routes/app/settings-layout.tsx", [
        index("routes/app/settings.tsx"),
        route("members", "routes/app/members.tsx"),
        route("roles", "routes/app/roles.tsx"),
        route("security", "routes/app/security.tsx"),
        route("audit-log", "routes/app/audit-log.tsx"),
        route("sso", "routes/app/sso-settings.tsx"),
      ]),
      route("secure-variables", "routes/app/secure-variables.tsx"),
      // Status pages: the list, a new page, and one page's screens under its tabs.
      route("status-pages", "routes/app/status-pages.tsx"),
      route("status-pages/new", "routes/app/status-page-new.tsx"),
      route("status-pages/post-incident", "routes/app/status-post-incident.tsx"),
      route("status-pages/:id", "routes/app/status-page.tsx", [
        index("routes/app/status-page-components.tsx"),
        route("incidents", "routes/app/status-page-incidents.tsx"),
        route("incidents/new", "routes/app/status-incident-new.tsx"),
        route("incidents/:incidentId", "routes/app/status-incident.tsx"),
        route("maintenance", "routes/app/status-page-maintenance.tsx"),
        route("subscribers", "routes/app/status-page-subscribers.tsx"),
        route("settings", "routes/app/status-page-settings.tsx"),
      ]),
    ]),
    route("*", "routes/app/not-found.tsx", { id: "routes/app/not-found" }),
  ]),
] satisfies RouteConfig;
