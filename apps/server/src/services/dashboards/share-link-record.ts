import type { DashboardShareLinkTable } from "@upwatch/db";

/** A share link as the account sees it: never its token. */
export interface ShareLinkRecord {
  id: string;
  name: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export function shareLinkRecord(row: DashboardShareLinkTable): ShareLinkRecord {
  const time = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    name: row.name,
    createdAt: Number(row.created_at),
    expiresAt: time(row.expires_at),
    lastUsedAt: time(row.last_used_at),
    revokedAt: time(row.revoked_at),
  };
}
