import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Sends the visitor to the knowledge base's front page, replacing the missing page in history. */
export function RedirectHome({ reason }: { reason: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    console.warn(`${reason}; showing the knowledge base instead.`);
    navigate("/knowledge-base", { replace: true });
  }, [navigate, reason]);
  return null;
}
