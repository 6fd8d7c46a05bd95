import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { FlattenPdfPage } from "../tools/flatten-pdf/page";

export const Route = createFileRoute("/flatten-pdf")({
  component: FlattenPdfPage,
  loader: namespaces("flatten-pdf", "parts", "cloud", "tool-shell"),
});
