import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { APP_BASE, errorDetail } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { useToast } from "../ui/toast.tsx";
import { deleteStatusPage, type StatusPage, statusPageKeys } from "./status-pages-api.ts";

/** Deleting a page, after a question that says what goes with it. */
export function DeletePagePanel({ page }: { page: StatusPage }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const onConfirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteStatusPage(page.id);
      client.setQueryData<{ data: StatusPage[] }>(statusPageKeys.list, (list) =>
        list ? { data: list.data.filter((item) => item.id !== page.id) } : list,
      );
      showToast(`${page.name} is deleted.`);
      navigate(`${APP_BASE}/status-pages`);
    } catch (problem) {
      setError(errorDetail(problem));
      setBusy(false);
    }
  };

  return (
    <section className="app-panel app-panel-danger" aria-labelledby="delete-page-heading">
      <h2 id="delete-page-heading">Delete status page</h2>
      <p className="app-panel-lead">
        Its address stops answering, and its components, incidents, maintenance windows and
        subscribers are deleted with it.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete status page
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${page.name}?`}
        confirmLabel="Delete status page"
        busyLabel="Deleting..."
        busy={busy}
        error={error}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>
          {page.public_url} stops answering.{" "}
          {page.confirmed_subscribers > 0
            ? `Its ${page.confirmed_subscribers.toLocaleString("en-US")} confirmed subscribers are removed and not told. `
            : ""}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
