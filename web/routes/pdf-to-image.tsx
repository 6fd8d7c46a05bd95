import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { PdfToImagePage } from "../tools/pdf-to-image/page";

export const Route = createFileRoute("/pdf-to-image")({
  component: PdfToImagePage,
  loader: namespaces("pdf-to-image", "parts", "cloud", "tool-shell"),
});
