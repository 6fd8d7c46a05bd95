import { createFileRoute } from "@tanstack/react-router";
import { CloudCallback } from "../../../components/cloud-callback";

export const Route = createFileRoute("/auth/dropbox/callback")({
  component: () => <CloudCallback provider="dropbox" />,
});
