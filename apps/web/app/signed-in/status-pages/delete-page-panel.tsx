import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { DeletePanel } from "../ui/delete-panel.tsx";
import { useToast } from "../ui/toast.tsx";
import { deleteStatusPage, type StatusPage, statusPageKeys } from "./status-pages-api.ts";

/** Deleting a page, after a question that says what goes with it. */
export function DeletePagePanel({ page }: { page: StatusPage }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();

  const onDelete = async () => {
    await deleteStatusPage(page.id);
    client.setQueryData<{ data: StatusPage[] }>(statusPageKeys.list, (list) =>
      list ? { data: list.data.filter((item) => item.id !== page.id) } : list,
    );
    showToast(`${page.name} is deleted.`);
    navigate(`${APP_BASE}/status-pages`);
  };

  return (
    <DeletePanel
      headingId="delete-page-heading"
      heading="Delete status page"
      lead="Its address stops answering, and its components, incidents, maintenance windows and subscribers are deleted with it."
      buttonLabel="Delete status page"
      title={`Delete ${page.name}?`}
      onDelete={onDelete}
    >
      <p>
        {page.public_url} stops answering.{" "}
        {page.confirmed_subscribers > 0
          ? `Its ${page.confirmed_subscribers.toLocaleString("en-US")} confirmed subscribers are removed and not told. `
          : ""}
        This cannot be undone.
      </p>
    </DeletePanel>
  );
}
