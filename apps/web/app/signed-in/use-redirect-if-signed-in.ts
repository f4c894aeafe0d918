import { useEffect } from "react";
import { useNavigate } from "react-router";
import { fetchSession } from "./session.tsx";

/** On the sign-in pages: someone already signed in goes straight on to `to`. */
export function useRedirectIfSignedIn(to: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    fetchSession()
      .then((answer) => {
        if (active && answer) navigate(to, { replace: true });
      })
      .catch(() => {
        // Unreachable server: the form stays, and submitting it says so.
      });
    return () => {
      active = false;
    };
  }, [navigate, to]);
}
