import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useT } from "../../i18n/provider";
import { ToolLayout } from "../tool-layout";
import { UploadTool } from "../upload-tool";

export function FlattenPdfPage() {
  const t = useT("flatten-pdf");
  const [forms, setForms] = useState(true);
  const [annotations, setAnnotations] = useState(true);
  const none = !forms && !annotations;
  const options = (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t("intro")}
      </Text>
      <Stack gap="2" role="group" aria-label={t("what")}>
        <Choice label={t("forms")} checked={forms} onChange={setForms} />
        <Choice label={t("annotations")} checked={annotations} onChange={setAnnotations} />
      </Stack>
      {none && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t("nothing")}
        </Text>
      )}
    </Stack>
  );
  return (
    <ToolLayout toolId="flatten-pdf">
      <UploadTool
        toolId="flatten-pdf"
        mode="each"
        startLabel={t("start")}
        options={options}
        canStart={() => !none}
        fields={() => ({ forms: String(forms), annotations: String(annotations) })}
      />
    </ToolLayout>
  );
}

function Choice({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
