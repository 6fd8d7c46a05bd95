import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { RotatePdfPage } from "../tools/rotate-pdf/page";

export const Route = createFileRoute("/rotate-pdf")({
  component: RotatePdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "rotate-pdf"),
});
