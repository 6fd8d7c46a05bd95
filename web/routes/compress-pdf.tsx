import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { CompressPdfPage } from "../tools/compress/pdf-page";

export const Route = createFileRoute("/compress-pdf")({
  component: CompressPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "compress-pdf"),
});
