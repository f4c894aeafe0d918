import type { ServiceContext } from "../context.ts";
import { endSession } from "./end-session.ts";

/** Signs out: the session ends and its cookie stops working, here and on every server process. */
export async function logOut(ctx: ServiceContext, sessionId: string): Promise<void> {
  await endSession(ctx.db, sessionId);
}
