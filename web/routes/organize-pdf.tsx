import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { OrganizePdfPage } from "../tools/organize-pdf/page";

export const Route = createFileRoute("/organize-pdf")({
  component: OrganizePdfPage,
  loader: namespaces("organize-pdf", "parts", "cloud", "tool-shell"),
});
