import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { RedactPdfPage } from "../tools/redact-pdf/page";

export const Route = createFileRoute("/redact-pdf")({
  component: RedactPdfPage,
  loader: namespaces("redact-pdf", "parts", "cloud", "tool-shell"),
});
