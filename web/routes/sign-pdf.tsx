import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { SignPdfPage } from "../tools/sign-pdf/page";

export const Route = createFileRoute("/sign-pdf")({
  component: SignPdfPage,
  loader: namespaces("sign-pdf", "parts", "cloud", "tool-shell"),
});
