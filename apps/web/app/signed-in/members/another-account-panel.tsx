import { useState } from "react";
import { Button } from "../ui/button.tsx";
import { CreateAccountDialog } from "./create-account-dialog.tsx";

/** The settings panel that makes another account, for work kept apart from this one. */
export function AnotherAccountPanel() {
  const [open, setOpen] = useState(false);
  return (
    <section className="app-panel" aria-labelledby="another-account-heading">
      <h2 id="another-account-heading">Another account</h2>
      <p>
        Keep other work apart in an account of its own, with its own monitors, members and plan. You
        sign in once and switch between your accounts from the header.
      </p>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Create another account
      </Button>
      <CreateAccountDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
