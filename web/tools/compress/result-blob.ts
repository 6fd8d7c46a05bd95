import { useEffect, useState } from "react";
import { isLocalUrl, localResult } from "../../device/answer";

/**
 * The bytes of a result, for drawing it: a result made on this device is already in memory (its
 * blob: URL is ours); a server result is fetched once from its same-origin /api/download/ link.
 */
export function useResultBlob(url: string | undefined) {
  const [state, setState] = useState<{ blob: Blob | null; failed: boolean }>({ blob: null, failed: false });
  useEffect(() => {
    setState({ blob: null, failed: false });
    if (!url) return;
    const local = isLocalUrl(url) ? localResult(url) : undefined;
    if (local) {
      setState({ blob: local.blob, failed: false });
      return;
    }
    if (!url.startsWith("/api/download/")) {
      setState({ blob: null, failed: true });
      return;
    }
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, credentials: "same-origin" })
      .then((res) => {
        if (!res.ok) throw new Error(res.statusText);
        return res.blob();
      })
      .then((blob) => setState({ blob, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ blob: null, failed: true });
      });
    return () => controller.abort();
  }, [url]);
  return state;
}

/** An object URL for a blob (or file) while it is shown, revoked after. */
export function useBlobUrl(blob: Blob | null | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}
