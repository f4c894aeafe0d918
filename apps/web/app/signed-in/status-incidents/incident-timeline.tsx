import type { StatusIncidentUpdate } from "@upwatch/api";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { stageLabel } from "./incident-form-logic.ts";
import { ComponentStates, StageBadge } from "./stage-badge.tsx";
import { StatusMessage } from "./status-message.tsx";

/** An incident's updates, newest first, each with its stage, time, message and states set. */
export function IncidentTimeline({
  updates,
  onEdit,
}: {
  updates: readonly StatusIncidentUpdate[];
  /** Left out for people who cannot change the page: no edit buttons then. */
  onEdit?: ((update: StatusIncidentUpdate) => void) | undefined;
}) {
  return (
    <ol className="status-timeline">
      {updates.map((update) => (
        <li key={update.id} className="status-timeline-item" data-update-id={update.id}>
          <div className="status-timeline-head">
            <StageBadge stage={update.stage} />
            <time dateTime={update.created_at} title={formatDateTime(update.created_at)}>
              {formatDateTime(update.created_at)} ({formatRelative(update.created_at)})
            </time>
            {onEdit ? (
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => onEdit(update)}
                aria-label={`Edit message of the ${stageLabel(update.stage)} update of ${formatDateTime(update.created_at)}`}
              >
                Edit message
              </button>
            ) : null}
          </div>
          <StatusMessage text={update.message} />
          <ComponentStates components={update.components} />
        </li>
      ))}
    </ol>
  );
}
