import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import type { PublicUser } from "../../schema/api";
import { logoutCall, ME_KEY, meQuery } from "../api/auth";
import { getSessionToken, setSessionToken } from "../api/client";

type Dialog = "login" | "register" | null;

interface AuthState {
  user: PublicUser | null;
  isLoading: boolean;
  /** Login and register success: store the token and set the user. */
  login(token: string, user: PublicUser): void;
  /** Ends the session on the server if a token exists; clears it locally either way. */
  logout(): Promise<void>;
  /** Re-runs the current-user check. */
  refresh(): Promise<void>;
  dialog: Dialog;
  openDialog(d: Dialog): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The stored token changes only through this provider (login, logout, refresh), which sets it in state. */
const unsubscribed = () => () => undefined;

/**
 * The session state machine of spec section 4: loading at start; no stored token means no
 * user; otherwise the current user is requested, and a failure (response or network) removes
 * the token and logs the error. Loading ends in every case.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The stored token as a guest's page first reads it: a page drawn at build time is a guest's, so
  // while React takes it over (hydration) there is none, then the stored one at once.
  const stored = useSyncExternalStore(unsubscribed, getSessionToken, () => null);
  const [changed, setToken] = useState<string | null | undefined>(undefined);
  const token = changed === undefined ? stored : changed;
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useQuery(meQuery(token));

  useEffect(() => {
    if (token && me.isError) {
      console.error("Could not restore the session:", me.error);
      setSessionToken(null);
      setToken(null);
      queryClient.removeQueries({ queryKey: [ME_KEY] });
    }
  }, [token, me.isError, me.error, queryClient]);

  const login = useCallback(
    (newToken: string, user: PublicUser) => {
      setSessionToken(newToken);
      queryClient.setQueryData(meQuery(newToken).queryKey, { user });
      setToken(newToken);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (getSessionToken()) {
      try {
        await logoutCall();
      } catch (err) {
        console.error("Logout request failed:", err);
      }
    }
    setSessionToken(null);
    setToken(null);
    queryClient.removeQueries({ queryKey: [ME_KEY] });
  }, [queryClient]);

  const refresh = useCallback(async () => {
    const current = getSessionToken();
    if (current !== token) setToken(current);
    if (current) await queryClient.invalidateQueries({ queryKey: [ME_KEY] });
  }, [queryClient, token]);

  const value = useMemo<AuthState>(
    () => ({
      user: token ? (me.data?.user ?? null) : null,
      isLoading: token !== null && me.isPending,
      login,
      logout,
      refresh,
      dialog,
      openDialog: setDialog,
    }),
    [token, me.data, me.isPending, login, logout, refresh, dialog],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}
