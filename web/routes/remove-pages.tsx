import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { RemovePagesPage } from "../tools/remove-pages/page";

export const Route = createFileRoute("/remove-pages")({
  component: RemovePagesPage,
  loader: namespaces("remove-pages", "parts", "cloud", "tool-shell"),
});
