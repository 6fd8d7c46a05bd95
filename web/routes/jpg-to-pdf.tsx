import { createFileRoute } from "@tanstack/react-router";
import { ToolLayout } from "../tools/tool-layout";
import { UploadTool } from "../tools/upload-tool";

export const Route = createFileRoute("/jpg-to-pdf")({ component: JpgToPdfPage });

function JpgToPdfPage() {
  return (
    <ToolLayout toolId="jpg-to-pdf">
      <UploadTool
        toolId="jpg-to-pdf"
        mode="batch"
        sortable
        previews
        startLabel="Convert to PDF"
        resultLabel="Download PDF"
        hint="Each image becomes a page, from top to bottom."
      />
    </ToolLayout>
  );
}
