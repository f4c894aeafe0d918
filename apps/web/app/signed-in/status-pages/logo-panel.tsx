import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorDetail } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { bytesToBase64, logoProblem } from "./page-settings-values.ts";
import {
  deleteStatusPageLogo,
  putStatusPageLogo,
  type StatusPage,
  statusPageKeys,
} from "./status-pages-api.ts";

/** The page's logo: a preview, choosing a new image (sent at once), and removing it. */
export function LogoPanel({ page }: { page: StatusPage }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const change = async (task: () => Promise<StatusPage | undefined>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await task();
      if (saved) client.setQueryData(statusPageKeys.page(page.id), saved);
      await client.invalidateQueries({ queryKey: statusPageKeys.page(page.id) });
      showToast(done);
    } catch (problem) {
      setError(errorDetail(problem));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = logoProblem(bytes);
    if (problem) {
      setError(problem);
      if (input.current) input.current.value = "";
      return;
    }
    await change(() => putStatusPageLogo(page.id, bytesToBase64(bytes)), "The logo is saved.");
  };

  return (
    <section className="app-panel" aria-labelledby="logo-heading">
      <h2 id="logo-heading">Logo</h2>
      <p className="app-panel-lead">
        A PNG, JPEG or WebP image of at most 256 KiB, shown at the top of the page instead of its
        name. Upwatch serves it from the page's own address.
      </p>
      {page.logo_url ? (
        <div className="status-logo-preview">
          <img src={page.logo_url} alt={`The logo of ${page.name}`} />
          <Button
            variant="ghost"
            size="small"
            busy={busy}
            busyLabel="Removing..."
            onClick={() =>
              void change(async () => {
                await deleteStatusPageLogo(page.id);
                return { ...page, logo_url: null };
              }, "The logo is removed.")
            }
          >
            Remove logo
          </Button>
        </div>
      ) : (
        <p className="app-muted">No logo: the page shows its name.</p>
      )}
      <div className="field">
        <label htmlFor="page-logo">{page.logo_url ? "Replace the logo" : "Upload a logo"}</label>
        <input
          ref={input}
          id="page-logo"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          aria-describedby="page-logo-error"
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </div>
      <FormError id="page-logo-error" message={error} />
    </section>
  );
}
