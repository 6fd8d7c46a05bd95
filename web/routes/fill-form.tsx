import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { FillFormPage } from "../tools/fill-form/page";

export const Route = createFileRoute("/fill-form")({
  component: FillFormPage,
  loader: namespaces("fill-form", "parts", "cloud", "tool-shell"),
});
