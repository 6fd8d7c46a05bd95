import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/unlock-pdf")({ component: () => <ToolLayout toolId="unlock-pdf" /> });
