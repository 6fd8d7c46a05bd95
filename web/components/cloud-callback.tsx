import { Container, Spinner, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { type CloudProvider, type CloudSaveMessage, PROVIDER_NAMES, useCloudCallback } from "../api/cloud";
import { type Translate, useT } from "../i18n/provider";
import { toast } from "../ui/toaster";

export const RETURN_HOME_MS = 3000;

/**
 * The page the provider sends the popup back to (spec section 4): read the query, post the code,
 * show a toast, then close the popup if another window opened it, or go home after 3 s.
 */
export function CloudCallback({ provider }: { provider: CloudProvider }) {
  const t = useT("cloud");
  const navigate = useNavigate();
  const callback = useCloudCallback(provider);
  const started = useRef(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const finish = (ok: boolean, title: string, description: string) => {
      toast({ title, description, variant: ok ? "default" : "destructive" });
      setDone(title);
      const opener = window.opener as Window | null;
      if (opener && !opener.closed) {
        const message: CloudSaveMessage = { type: "cloud-save", ok, title, description };
        opener.postMessage(message, window.location.origin);
        setTimeout(() => window.close(), 1500);
      } else {
        setTimeout(() => void navigate({ to: "/" }), RETURN_HOME_MS);
      }
    };

    const params = new URLSearchParams(window.location.search);
    const error = params.get("error");
    const code = params.get("code");
    const rawState = params.get("state");
    // Our own words for the provider's error codes: the URL's free text could say anything.
    if (error) return finish(false, t("authFailed"), authErrorText(error, PROVIDER_NAMES[provider], t));
    let state: unknown = null;
    try {
      state = rawState ? JSON.parse(rawState) : null;
    } catch {
      state = null;
    }
    if (!code || !state || typeof state !== "object") return finish(false, t("invalidCallback"), t("missingParams"));

    callback
      .mutateAsync({ code, state, redirectUri: `${window.location.origin}/auth/${provider}/callback` })
      .then((r) =>
        r.success
          ? finish(
              true,
              t("saved"),
              t("savedText", {
                file: r.fileName ?? t("yourFile"),
                destination: r.destination ?? PROVIDER_NAMES[provider],
              }),
            )
          : finish(false, t("saveFailed"), r.error ?? t("unknownError")),
      )
      .catch(() => finish(false, t("saveFailed"), t("unknownError")));
  }, [callback, navigate, provider, t]);

  return (
    <Container maxW="lg" py="16">
      <Stack align="center" gap="4" textAlign="center">
        {done ? null : <Spinner size="lg" />}
        <Text fontSize="lg">{done ?? t("processing")}</Text>
        {done && (
          <Text color="fg.muted" fontSize="sm">
            {window.opener ? t("closing") : t("returning")}
          </Text>
        )}
      </Stack>
    </Container>
  );
}

/** OAuth 2.0 error codes (RFC 6749, 4.1.2.1) in plain words; anything else gets a general line. */
export function authErrorText(code: string, provider: string, t: Translate<"cloud">): string {
  switch (code) {
    case "access_denied":
      return t("denied", { provider });
    case "temporarily_unavailable":
    case "server_error":
      return t("unreachable", { provider });
    default:
      return t("refused", { provider });
  }
}
