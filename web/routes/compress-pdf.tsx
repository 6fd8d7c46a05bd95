import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/compress-pdf")({ component: () => <ToolLayout toolId="compress-pdf" /> });
