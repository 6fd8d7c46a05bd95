import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { ExtractImagesPage } from "../tools/extract-images/page";

export const Route = createFileRoute("/extract-images")({
  component: ExtractImagesPage,
  loader: namespaces("extract-images", "parts", "cloud", "tool-shell"),
});
