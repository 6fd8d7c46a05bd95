import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/jpg-to-pdf")({ component: () => <ToolLayout toolId="jpg-to-pdf" /> });
