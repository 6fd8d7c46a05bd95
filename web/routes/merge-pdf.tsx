import { createFileRoute } from "@tanstack/react-router";
import { LuArrowUpDown, LuFiles, LuGauge } from "react-icons/lu";
import { namespaces } from "../i18n/loader";
import { messages } from "../tools/messages";
import { FeatureGrid, Steps, UseCases } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";
import { UploadTool } from "../tools/upload-tool";

export const Route = createFileRoute("/merge-pdf")({ component: MergePdfPage, loader: namespaces("parts", "cloud", "tool-shell") });

const features = [
  {
    icon: LuArrowUpDown,
    title: "Custom order",
    text: "Drag files into the order you want, or use the arrow buttons. The merged PDF follows your list.",
  },
  {
    icon: LuFiles,
    title: "Unlimited files",
    text: "Combine as many PDFs as you like in one go, up to 50MB together, and merge the result again whenever you need more.",
  },
  {
    icon: LuGauge,
    title: "Optimized output",
    text: "Shared fonts and images are stored once, so the merged file stays as small as it can be.",
  },
];

const steps = [
  { title: "Upload", text: "Drop your PDFs here or select them from your device." },
  { title: "Arrange", text: "Put the files in order: drag them, or move them up and down." },
  { title: "Merge", text: "Press Merge PDF and the files become one document." },
  { title: "Download", text: "Download the merged PDF. It is deleted after 24 hours." },
];

const useCases = [
  "Put a report's chapters, appendices and cover letter into a single file.",
  "Send invoices, receipts and statements as one attachment.",
  "Combine scanned pages of a contract or application in the right order.",
  "Collect lecture notes, handouts and slides into one study document.",
];

function MergePdfPage() {
  return (
    <ToolLayout
      toolId="merge-pdf"
      aside={
        <>
          <FeatureGrid heading="Why merge with PDFTools" features={features} />
          <Steps heading="How to merge PDFs" steps={steps} />
          <UseCases heading="What people merge" cases={useCases} />
        </>
      }
    >
      <UploadTool
        toolId="merge-pdf"
        mode="batch"
        sortable
        thumbnails
        startLabel="Merge PDF"
        resultLabel={messages.merge.download}
        hint="Files are merged from top to bottom."
      />
    </ToolLayout>
  );
}
