import { createFileRoute } from "@tanstack/react-router";
import { namespaces } from "../i18n/loader";
import { EditMetadataPage } from "../tools/edit-metadata/page";

export const Route = createFileRoute("/edit-metadata")({
  component: EditMetadataPage,
  loader: namespaces("edit-metadata", "parts", "cloud", "tool-shell"),
});
