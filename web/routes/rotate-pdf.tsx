import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/rotate-pdf")({ component: () => <ToolLayout toolId="rotate-pdf" /> });
