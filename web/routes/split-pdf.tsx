import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/split-pdf")({ component: () => <ToolLayout toolId="split-pdf" /> });
