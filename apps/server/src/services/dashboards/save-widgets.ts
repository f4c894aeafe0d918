import type { WidgetInput } from "@upwatch/api";
import { layoutProblem } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { checkWidgetSubjects } from "./widget-subjects.ts";

/** Refuses a layout with widgets outside the grid or on top of each other, in a sentence. */
export function checkLayout(widgets: readonly WidgetInput[]): void {
  const problem = layoutProblem(widgets);
  if (problem) throw new ServiceError("invalid", problem);
}

/**
 * Replaces a board's widgets with these, inside the caller's transaction: a widget sent with the
 * id of one of the board's widgets keeps it, one without gets a new id, and the rest are removed.
 */
export async function saveWidgets(
  trx: Transaction<Database>,
  ctx: Pick<ServiceContext, "newId">,
  board: { id: string; accountId: string },
  widgets: readonly WidgetInput[],
): Promise<void> {
  await checkWidgetSubjects(trx, board.accountId, widgets);
  const held = await trx
    .selectFrom("dashboard_widgets")
    .select("id")
    .where("dashboard_id", "=", board.id)
    .execute();
  const heldIds = new Set(held.map((row) => row.id));
  const seen = new Set<string>();
  for (const [index, widget] of widgets.entries()) {
    if (widget.id === undefined) continue;
    if (!heldIds.has(widget.id) || seen.has(widget.id)) {
      throw new ServiceError(
        "invalid",
        `Widget ${index + 1} has an id this board does not hold once; leave id out for a new widget.`,
      );
    }
    seen.add(widget.id);
  }
  await trx.deleteFrom("dashboard_widgets").where("dashboard_id", "=", board.id).execute();
  if (widgets.length === 0) return;
  await trx
    .insertInto("dashboard_widgets")
    .values(
      widgets.map((widget) => ({
        id: widget.id ?? ctx.newId("wgt"),
        dashboard_id: board.id,
        type: widget.type,
        title: widget.title,
        settings: JSON.stringify(widget.settings),
        x: widget.x,
        y: widget.y,
        w: widget.w,
        h: widget.h,
      })),
    )
    .execute();
}
