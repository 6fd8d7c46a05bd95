import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { WatermarkPdfPage } from "../tools/watermark-pdf/page";

export const Route = createFileRoute("/watermark-pdf")({
  component: WatermarkPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "watermark-pdf"),
});
