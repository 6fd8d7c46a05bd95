import { LuEye, LuScanLine, LuShieldCheck } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { FeatureGrid } from "../tool-info";
import { ToolLayout } from "../tool-layout";
import { CompressImageTool } from "./image-tool";

const features = [
  { icon: LuEye, key: "measured" },
  { icon: LuShieldCheck, key: "private" },
  { icon: LuScanLine, key: "upright" },
] as const;

export function CompressImagePage() {
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
