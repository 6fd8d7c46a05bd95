import { Container, Spinner, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { type CloudProvider, type CloudSaveMessage, PROVIDER_NAMES, useCloudCallback } from "../api/cloud";
import { toast } from "../ui/toaster";

export const RETURN_HOME_MS = 3000;

/**
 * The page the provider sends the popup back to (spec section 4): read the query, post the code,
 * show a toast, then close the popup if another window opened it, or go home after 3 s.
 */
export function CloudCallback({ provider }: { provider: CloudProvider }) {
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
    if (error) return finish(false, "Authentication failed", authErrorText(error, PROVIDER_NAMES[provider]));
    let state: unknown = null;
    try {
      state = rawState ? JSON.parse(rawState) : null;
    } catch {
      state = null;
    }
    if (!code || !state || typeof state !== "object")
      return finish(false, "Invalid callback", "Missing required parameters");

    callback
      .mutateAsync({ code, state, redirectUri: `${window.location.origin}/auth/${provider}/callback` })
      .then((r) =>
        r.success
          ? finish(
              true,
              "File saved successfully",
              `${r.fileName ?? "Your file"} was saved to ${r.destination ?? PROVIDER_NAMES[provider]}.`,
            )
          : finish(false, "Save failed", r.error ?? "Unknown error occurred"),
      )
      .catch(() => finish(false, "Save failed", "Unknown error occurred"));
  }, [callback, navigate, provider]);

  return (
    <Container maxW="lg" py="16">
      <Stack align="center" gap="4" textAlign="center">
        {done ? null : <Spinner size="lg" />}
        <Text fontSize="lg">{done ?? "Processing authentication..."}</Text>
        {done && (
          <Text color="fg.muted" fontSize="sm">
            {window.opener ? "This window will close in a moment." : "Taking you back to the home page..."}
          </Text>
        )}
      </Stack>
    </Container>
  );
}

/** OAuth 2.0 error codes (RFC 6749, 4.1.2.1) in plain words; anything else gets a general line. */
export function authErrorText(code: string, provider: string): string {
  switch (code) {
    case "access_denied":
      return `Access to ${provider} was not granted, so nothing was saved.`;
    case "temporarily_unavailable":
    case "server_error":
      return `${provider} could not be reached just now. Please try again later.`;
    default:
      return `${provider} did not let the file be saved. Please try again.`;
  }
}
