import { createFileRoute } from "@tanstack/react-router";
import { LuGauge, LuImageDown, LuShieldCheck } from "react-icons/lu";
import { namespaces } from "../i18n/loader";
import { CompressPdfTool } from "../tools/compress/pdf-tool";
import { FeatureGrid, Steps } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/compress-pdf")({
  component: CompressPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell"),
});

const features = [
  {
    icon: LuImageDown,
    title: "Images that fit the page",
    text: "Photos are resampled to the resolution they are shown at, and kept only when smaller.",
  },
  {
    icon: LuShieldCheck,
    title: "Nothing else changes",
    text: "Text stays searchable; links, bookmarks and form fields keep working.",
  },
  {
    icon: LuGauge,
    title: "Never bigger",
    text: "When a file is already as small as it gets, you get it back unchanged, and we say so.",
  },
];

const steps = [
  { title: "Upload", text: "Drop a PDF here or select it from your device." },
  { title: "Choose", text: "Pick how hard to compress: Recommended suits most files." },
  { title: "Compress", text: "Press Compress PDF and see how much was saved." },
  { title: "Download", text: "Download the smaller PDF. It is deleted after 24 hours." },
];

function CompressPdfPage() {
  return (
    <ToolLayout
      toolId="compress-pdf"
      aside={
        <>
          <FeatureGrid heading="How PDFTools compresses" features={features} />
          <Steps heading="How to compress a PDF" steps={steps} />
        </>
      }
    >
      <CompressPdfTool />
    </ToolLayout>
  );
}
