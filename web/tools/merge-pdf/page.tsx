import { LuArrowUpDown, LuFiles, LuGauge } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { messages } from "../messages";
import { FeatureGrid, Steps, UseCases } from "../tool-info";
import { ToolLayout } from "../tool-layout";
import { UploadTool } from "../upload-tool";

const features = [
  { icon: LuArrowUpDown, key: "order" },
  { icon: LuFiles, key: "unlimited" },
  { icon: LuGauge, key: "optimized" },
] as const;

const steps = ["upload", "arrange", "merge", "download"] as const;

const useCases = ["report", "invoices", "contract", "study"] as const;

export function MergePdfPage() {
  const t = useT("merge-pdf");
  return (
    <ToolLayout
      toolId="merge-pdf"
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
          <UseCases heading={t("cases.heading")} cases={useCases.map((c) => t(`cases.${c}`))} />
        </>
      }
    >
      <UploadTool
        toolId="merge-pdf"
        mode="batch"
        sortable
        thumbnails
        startLabel={t("start")}
        resultLabel={messages.merge.download}
        hint={t("hint")}
      />
    </ToolLayout>
  );
}
