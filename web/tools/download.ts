import { toast } from "../ui/toaster";
import { messages } from "./messages";

/** Spec section 4: only our own result links are opened; anything else is not a download. */
export function isDownloadLink(url: string | undefined | null): url is string {
  return typeof url === "string" && url.startsWith("/api/download/");
}

/**
 * Opens a result in a new tab, where the server's attachment header turns it into a download.
 * Returns whether it did.
 */
export function startDownload(url: string | undefined | null): boolean {
  if (!isDownloadLink(url)) return false;
  window.open(url, "_blank", "noopener");
  toast({ title: messages.downloadStarted });
  return true;
}
