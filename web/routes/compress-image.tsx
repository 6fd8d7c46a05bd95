import { createFileRoute } from "@tanstack/react-router";
import { LuEye, LuScanLine, LuShieldCheck } from "react-icons/lu";
import { namespaces } from "../i18n/loader";
import { CompressImageTool } from "../tools/compress/image-tool";
import { FeatureGrid } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/compress-image")({
  component: CompressImagePage,
  loader: namespaces("parts", "cloud", "tool-shell"),
});

const features = [
  {
    icon: LuEye,
    title: "Measured, not guessed",
    text: "Each image gets the lowest quality setting at which it still looks the same, found by comparing it with the original.",
  },
  {
    icon: LuShieldCheck,
    title: "Private by default",
    text: "Location, camera details and other metadata are removed; colour profiles stay.",
  },
  {
    icon: LuScanLine,
    title: "Upright and never bigger",
    text: "Phone photos are turned the right way up. If nothing can be saved, you get the original back.",
  },
];

function CompressImagePage() {
  return (
    <ToolLayout toolId="compress-image" aside={<FeatureGrid heading="How images are compressed" features={features} />}>
      <CompressImageTool />
    </ToolLayout>
  );
}
