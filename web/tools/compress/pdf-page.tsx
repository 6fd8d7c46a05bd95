import { LuGauge, LuImageDown, LuShieldCheck } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { FeatureGrid, Steps } from "../tool-info";
import { ToolLayout } from "../tool-layout";
import { CompressPdfTool } from "./pdf-tool";

const features = [
  { icon: LuImageDown, key: "images" },
  { icon: LuShieldCheck, key: "unchanged" },
  { icon: LuGauge, key: "never" },
] as const;

const steps = ["upload", "choose", "compress", "download"] as const;

export function CompressPdfPage() {
  const t = useT("compress-pdf");
  return (
    <ToolLayout
      toolId="compress-pdf"
      aside={
        <>
          <FeatureGrid
            heading={t("features.heading")}
            features={features.map((f) => ({
              icon: f.icon,
              title: t(`features.${f.key}.title`),
              text: t(`features.${f.key}.text`),
            }))}
          />
          <Steps
            heading={t("steps.heading")}
            steps={steps.map((s) => ({ title: t(`steps.${s}.title`), text: t(`steps.${s}.text`) }))}
          />
        </>
      }
    >
      <CompressPdfTool />
    </ToolLayout>
  );
}
