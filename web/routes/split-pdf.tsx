import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { SplitPdfPage } from "../tools/split-pdf/page";

export const Route = createFileRoute("/split-pdf")({
  component: SplitPdfPage,
  loader: namespaces("split-pdf", "parts", "cloud", "tool-shell"),
});
