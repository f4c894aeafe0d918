/** A board an account built from widgets. */
export interface DashboardTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

/** One widget of a board: its kind, settings (JSON) and place on the 12-column grid. */
export interface DashboardWidgetTable {
  id: string;
  dashboard_id: string;
  /** One of WIDGET_TYPES in `@upwatch/core`. */
  type: string;
  title: string | null;
  settings: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A read-only link to a board; the token is only known as its lookup part and a hash. */
export interface DashboardShareLinkTable {
  id: string;
  dashboard_id: string;
  account_id: string;
  name: string;
  lookup: string;
  /** SHA-256 of the whole token, hex. */
  secret_hash: string;
  created_by: string | null;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}
