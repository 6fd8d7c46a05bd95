import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/watermark-pdf")({ component: () => <ToolLayout toolId="watermark-pdf" /> });
