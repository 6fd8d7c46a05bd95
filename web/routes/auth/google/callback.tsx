import { createFileRoute } from "@tanstack/react-router";
import { CloudCallback } from "../../../components/cloud-callback";
import { namespaces } from "../../../i18n/loader";

export const Route = createFileRoute("/auth/google/callback")({
  loader: namespaces("cloud"),
  component: () => <CloudCallback provider="google" />,
});
