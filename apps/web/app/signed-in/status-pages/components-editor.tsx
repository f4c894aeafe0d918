import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ComponentForm } from "./component-form.tsx";
import { ComponentGroupView, type DeleteTarget } from "./component-group.tsx";
import { groupComponents } from "./component-order.ts";
import { NewSectionForm } from "./section-header.tsx";
import {
  type ComponentList,
  createStatusComponent,
  createStatusSection,
  deleteStatusComponent,
  deleteStatusSection,
} from "./status-pages-api.ts";
import { usePageChange } from "./use-page-change.ts";

/** A page's sections and components: adding, changing, ordering and removing them. */
export function ComponentsEditor({ pageId, list }: { pageId: string; list: ComponentList }) {
  const change = usePageChange(pageId);
  const { apply, busy } = change;
  const [deleting, setDeleting] = useState<DeleteTarget>();
  const groups = groupComponents(list);
  const sections = groups.flatMap((group) => (group.section ? [group.section] : []));

  const confirmDelete = async (target: DeleteTarget) => {
    const removed = await change.run(
      () =>
        target.kind === "component"
          ? deleteStatusComponent(pageId, target.id)
          : deleteStatusSection(pageId, target.id),
      target.kind === "component"
        ? `${target.name} is removed from the page.`
        : `The section ${target.name} is removed; its components stay on the page.`,
    );
    if (removed) setDeleting(undefined);
  };

  return (
    <>
      <section aria-labelledby="components-heading">
        <h2 id="components-heading">Components</h2>
        {list.data.length === 0 && sections.length === 0 ? (
          <EmptyState title="No components yet">
            <p>
              Components are the parts of your service your users rely on, such as Website, API or
              Payments. Add the first one below, and link it to the monitors that watch it.
            </p>
          </EmptyState>
        ) : (
          groups.map((group, index) =>
            group.section || group.components.length > 0 ? (
              <ComponentGroupView
                key={group.section?.id ?? "none"}
                pageId={pageId}
                list={list}
                group={group}
                sections={sections}
                isFirst={index === 1}
                isLast={index === groups.length - 1}
                change={change}
                onDelete={setDeleting}
              />
            ) : null,
          )
        )}
      </section>
      <section className="app-panel" aria-labelledby="new-component-heading">
        <h2 id="new-component-heading">Add a component</h2>
        <ComponentForm
          sections={sections}
          submitLabel="Add component"
          onSubmit={(fields) =>
            apply(() => createStatusComponent(pageId, fields), `${fields.name} is added.`)
          }
        />
      </section>
      <section className="app-panel" aria-labelledby="new-section-heading">
        <h2 id="new-section-heading">Add a section</h2>
        <p className="app-panel-lead">
          Sections group components under a heading, such as a region or a product.
        </p>
        <NewSectionForm
          onCreate={(name) =>
            apply(() => createStatusSection(pageId, name), `The section ${name} is added.`)
          }
        />
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        title={
          deleting?.kind === "section"
            ? `Delete the section ${deleting.name}?`
            : `Delete ${deleting?.name ?? ""}?`
        }
        confirmLabel={deleting?.kind === "section" ? "Delete section" : "Delete component"}
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        <p>
          {deleting?.kind === "section"
            ? "Its components stay on the page, outside any section."
            : "It disappears from the public page, with its uptime bars. Past incidents keep their text."}
        </p>
      </ConfirmDialog>
    </>
  );
}
