import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/protect-pdf")({ component: () => <ToolLayout toolId="protect-pdf" /> });
