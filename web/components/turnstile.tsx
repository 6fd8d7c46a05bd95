import { Box, Text } from "@chakra-ui/react";
import { Suspense, useEffect, useRef } from "react";
import { useT } from "../i18n/provider";

/**
 * Cloudflare Turnstile's widget, shown by the sign-in dialog when the server asks for a challenge
 * (after repeated failed sign-ins to one account). The script is loaded only then.
 */
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not load")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Turnstile did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The widget. `onToken` gets each token Turnstile gives (null when it expires or fails); a token
 * is good for one sign-in, so a new `round` resets the widget for the next attempt.
 */
export function Turnstile({
  siteKey,
  round,
  onToken,
  onUnavailable,
}: {
  siteKey: string;
  round: number;
  onToken: (token: string | null) => void;
  onUnavailable: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const callbacks = useRef({ onToken, onUnavailable });
  callbacks.current = { onToken, onUnavailable };

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (api) => {
        if (cancelled || !box.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          action: "login",
          callback: (token: string) => callbacks.current.onToken(token),
          "expired-callback": () => callbacks.current.onToken(null),
          "error-callback": () => callbacks.current.onToken(null),
        });
        widget.current = { api, id };
      },
      () => !cancelled && callbacks.current.onUnavailable(),
    );
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (round > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [round]);

  return (
    <Box>
      {/* Its words load with it (the sign-in dialog is on every page); the dialog does not wait for them. */}
      <Suspense fallback={null}>
        <Explanation />
      </Suspense>
      <Box ref={box} minH="65px" data-testid="turnstile" />
    </Box>
  );
}

function Explanation() {
  const t = useT("parts");
  return (
    <Text fontSize="sm" color="fg.muted" mb="2">
      {t("turnstile.text")}
    </Text>
  );
}
