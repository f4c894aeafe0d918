import type { SessionAccount, SessionAnswer, SessionMembership, SessionUser } from "@upwatch/api";
import type { Permission } from "@upwatch/core";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { call } from "./api-call.ts";
import { ApiError, errorDetail, setCsrfToken } from "./api-client.ts";
import { OP } from "./operation-routes.ts";
import { can } from "./permissions.ts";

export type SessionState =
  | { status: "loading" }
  /** `visitor`: they signed out here; `absent`: there was no session (or it ended). */
  | { status: "signed-out"; by: "visitor" | "absent" }
  | { status: "error"; detail: string }
  | {
      status: "signed-in";
      user: SessionUser;
      account: SessionAccount;
      membership: SessionMembership;
      accounts: SessionAnswer["accounts"];
      csrfToken: string;
    };

/** The signed-in visitor, for every screen inside the app's frame. */
export interface Session {
  user: SessionUser;
  account: SessionAccount;
  /** The person's role in the account and what it allows. */
  membership: SessionMembership;
  /** Every account the person belongs to, with their role in each. */
  accounts: SessionAnswer["accounts"];
  csrfToken: string;
  /** Reads the session again (after the e-mail address or the plan changed). */
  refresh(): Promise<void>;
  /** Ends the session on the server and forgets it here. */
  signOut(): Promise<void>;
}

interface SessionContextValue {
  state: SessionState;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Applies a session answer: the security token goes with every later change. */
export function acceptSession(answer: SessionAnswer): SessionState {
  setCsrfToken(answer.csrf_token);
  return {
    status: "signed-in",
    user: answer.user,
    account: answer.account,
    membership: answer.membership,
    accounts: answer.accounts,
    csrfToken: answer.csrf_token,
  };
}

/** Asks the server who is signed in: the session, or undefined when nobody is. */
export async function fetchSession(): Promise<SessionAnswer | undefined> {
  try {
    return await call(OP.getSession);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    throw error;
  }
}

/** Loads the session once (`GET /auth/session`) and shares it with the screens below. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "loading" });

  const refresh = useCallback(async () => {
    try {
      const answer = await fetchSession();
      if (answer) {
        setState(acceptSession(answer));
      } else {
        setCsrfToken(undefined);
        setState({ status: "signed-out", by: "absent" });
      }
    } catch (error) {
      setState({
        status: "error",
        detail: errorDetail(error),
      });
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await call(OP.logout);
    } catch (error) {
      // Already signed out is what was asked for; anything else is worth telling.
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
    setCsrfToken(undefined);
    setState({ status: "signed-out", by: "visitor" });
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session's loading state, for the frame that guards the signed-in screens. */
export function useSessionState(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSessionState is used outside SessionProvider.");
  return value;
}

/**
 * The signed-in user and account. Only screens inside the app's frame use it: the frame
 * renders them once the session is known.
 */
export function useSession(): Session {
  const { state, refresh, signOut } = useSessionState();
  if (state.status !== "signed-in") throw new Error("useSession is used before signing in.");
  return {
    user: state.user,
    account: state.account,
    membership: state.membership,
    accounts: state.accounts,
    csrfToken: state.csrfToken,
    refresh,
    signOut,
  };
}

/**
 * Whether the signed-in person's role allows a permission: screens show a control only when
 * it does (the server refuses the rest anyway).
 */
export function useCan(): (permission: Permission) => boolean {
  const { membership } = useSession();
  return (permission) => can(membership, permission);
}
