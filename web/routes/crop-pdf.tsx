import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { CropPdfPage } from "../tools/crop-pdf/page";

export const Route = createFileRoute("/crop-pdf")({
  component: CropPdfPage,
  loader: namespaces("crop-pdf", "parts", "cloud", "tool-shell"),
});
