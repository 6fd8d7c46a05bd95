import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { UnlockPdfPage } from "../tools/unlock-pdf/page";

export const Route = createFileRoute("/unlock-pdf")({
  component: UnlockPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "unlock-pdf"),
});
