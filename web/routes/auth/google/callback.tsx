import { createFileRoute } from "@tanstack/react-router";
import { CloudCallback } from "../../../components/cloud-callback";

export const Route = createFileRoute("/auth/google/callback")({ component: () => <CloudCallback provider="google" /> });
