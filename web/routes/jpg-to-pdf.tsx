import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { JpgToPdfPage } from "../tools/jpg-to-pdf/page";

export const Route = createFileRoute("/jpg-to-pdf")({
  component: JpgToPdfPage,
  loader: namespaces("jpg-to-pdf", "parts", "cloud", "tool-shell"),
});
