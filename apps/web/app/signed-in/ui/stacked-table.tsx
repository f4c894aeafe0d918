import type { ReactNode } from "react";

interface StackedTableProps {
  /** Names the table for screen readers; it is not shown. */
  caption: string;
  columns: readonly string[];
  /** Adds a last column, named only for screen readers, for each row's buttons. */
  withActions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** The app's table that stacks each row into labelled lines on a narrow screen. */
export function StackedTable({
  caption,
  columns,
  withActions = false,
  children,
}: StackedTableProps) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {withActions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
