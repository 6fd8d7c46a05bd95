import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { MergePdfPage } from "../tools/merge-pdf/page";

export const Route = createFileRoute("/merge-pdf")({
  component: MergePdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "merge-pdf"),
});
