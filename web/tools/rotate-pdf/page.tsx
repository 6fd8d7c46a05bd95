import { useState } from "react";
import { useT } from "../../i18n/provider";
import { ToolLayout } from "../tool-layout";
import { UploadTool } from "../upload-tool";
import { defaultRotateChoice, type RotateChoice, RotateOptions, rotateFields } from "./rotate-options";

export function RotatePdfPage() {
  const t = useT("rotate-pdf");
  const [choice, setChoice] = useState<RotateChoice>(defaultRotateChoice);
  const [error, setError] = useState<string>();
  // With one PDF on the list, its pages are shown to pick from.
  const [single, setSingle] = useState<{ file: File; password?: string }>();
  const change = (next: RotateChoice) => {
    setChoice(next);
    setError(undefined);
  };
  return (
    <ToolLayout toolId="rotate-pdf">
      <UploadTool
        toolId="rotate-pdf"
        mode="each"
        startLabel={t("start")}
        options={
          <RotateOptions
            value={choice}
            onChange={change}
            error={error}
            file={single?.file}
            password={single?.password}
          />
        }
        onFilesChange={(_, items) => {
          const open = items.filter((i) => i.status !== "refused" && i.status !== "completed");
          setSingle(
            open.length === 1 && open[0].status !== "locked"
              ? { file: open[0].file, password: open[0].filePassword }
              : undefined,
          );
        }}
        canStart={() => {
          const r = rotateFields(choice);
          setError("error" in r ? r.error : undefined);
          return !("error" in r);
        }}
        fields={() => {
          const r = rotateFields(choice);
          return "fields" in r ? r.fields : {};
        }}
      />
    </ToolLayout>
  );
}
