import { createFileRoute } from "@tanstack/react-router";
import { LuGauge, LuImageDown, LuShieldCheck } from "react-icons/lu";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";
import { CompressPdfTool } from "../tools/compress/pdf-tool";
import { FeatureGrid, Steps } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";

export const Route = createFileRoute("/compress-pdf")({
  component: CompressPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell", "compress-pdf"),
});

const features = [
  { icon: LuImageDown, key: "images" },
  { icon: LuShieldCheck, key: "unchanged" },
  { icon: LuGauge, key: "never" },
] as const;

const steps = ["upload", "choose", "compress", "download"] as const;

function CompressPdfPage() {
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
