import { createFileRoute } from "@tanstack/react-router";
import { LuEye, LuScanLine, LuShieldCheck } from "react-icons/lu";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";
import { CompressImageTool } from "../tools/compress/image-tool";
import { FeatureGrid } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/compress-image")({
  component: CompressImagePage,
  loader: namespaces("parts", "cloud", "tool-shell", "compress-image", "compress-pdf"),
});

const features = [
  { icon: LuEye, key: "measured" },
  { icon: LuShieldCheck, key: "private" },
  { icon: LuScanLine, key: "upright" },
] as const;

function CompressImagePage() {
  const t = useT("compress-image");
  return (
    <ToolLayout
      toolId="compress-image"
      aside={
        <FeatureGrid
          heading={t("features.heading")}
          features={features.map((f) => ({
            icon: f.icon,
            title: t(`features.${f.key}.title`),
            text: t(`features.${f.key}.text`),
          }))}
        />
      }
    >
      <CompressImageTool />
    </ToolLayout>
  );
}
