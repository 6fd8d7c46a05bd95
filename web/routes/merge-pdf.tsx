import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/merge-pdf")({ component: () => <ToolLayout toolId="merge-pdf" /> });
