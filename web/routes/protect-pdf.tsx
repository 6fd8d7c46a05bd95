import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { ProtectPdfPage } from "../tools/protect-pdf/page";

export const Route = createFileRoute("/protect-pdf")({
  component: ProtectPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "protect-pdf"),
});
