import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { CompressImagePage } from "../tools/compress/image-page";

export const Route = createFileRoute("/compress-image")({
  component: CompressImagePage,
  loader: namespaces("parts", "cloud", "tool-shell", "compress-image", "compress-pdf"),
});
