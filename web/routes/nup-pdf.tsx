import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { NupPage } from "../tools/nup-pdf/page";

export const Route = createFileRoute("/nup-pdf")({
  component: NupPage,
  loader: namespaces("nup-pdf", "parts", "cloud", "tool-shell"),
});
