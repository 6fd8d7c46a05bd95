import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { PageNumbersPage } from "../tools/page-numbers/page";

export const Route = createFileRoute("/page-numbers")({
  component: PageNumbersPage,
  loader: namespaces("page-numbers", "parts", "cloud", "tool-shell"),
});
