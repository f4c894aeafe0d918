import { readFileSync } from "node:fs";

/** The columns of the roles table in docs/accounts.md: the four roles and both key scopes. */
export const ROLE_TABLE_COLUMNS = [
  "Owner",
  "Admin",
  "Member",
  "Viewer",
  "Read-only key",
  "Full-access key",
] as const;
export type RoleTableColumn = (typeof ROLE_TABLE_COLUMNS)[number];

/** One row of the table: a permission, what it allows, and who holds it. */
export interface RoleTableRow {
  permission: string;
  description: string;
  allowed: Record<RoleTableColumn, boolean>;
}

/** Reads the table under "Roles and permissions" in the given Markdown file. */
export function readRoleTable(markdownPath: string): RoleTableRow[] {
  const text = readFileSync(markdownPath, "utf8");
  const start = text.indexOf("\n## Roles and permissions\n");
  if (start < 0) throw new Error("No section Roles and permissions");
  const end = text.indexOf("\n## ", start + 1);
  const lines = text
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("|"));
  const header = cellsOf(lines[0] ?? "");
  const columnIndex = ROLE_TABLE_COLUMNS.map((column) => header.indexOf(column));
  if (columnIndex.some((index) => index < 0)) {
    throw new Error(`The table's header lacks a column: ${header.join(", ")}`);
  }
  return lines.slice(2).map((line) => {
    const cells = cellsOf(line);
    const allowed = Object.fromEntries(
      ROLE_TABLE_COLUMNS.map((column, i) => [column, markOf(cells[columnIndex[i] ?? -1])]),
    ) as Record<RoleTableColumn, boolean>;
    return {
      permission: (cells[0] ?? "").replaceAll("`", ""),
      description: cells[1] ?? "",
      allowed,
    };
  });
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

function markOf(cell: string | undefined): boolean {
  if (cell === "✓") return true;
  if (cell === "—") return false;
  throw new Error(`A cell of the roles table is neither ✓ nor —: ${cell}`);
}
