import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { namespaces } from "../i18n/loader";
import { ToolLayout } from "../tools/tool-layout";
import { UploadTool } from "../tools/upload-tool";

export const Route = createFileRoute("/flatten-pdf")({ component: FlattenPdfPage, loader: namespaces("tool-shell") });

const NOTHING = "Choose what to flatten: form fields, annotations, or both.";

function FlattenPdfPage() {
  const [forms, setForms] = useState(true);
  const [annotations, setAnnotations] = useState(true);
  const none = !forms && !annotations;
  const options = (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Flattening draws what you see into the pages themselves: every PDF reader shows it the same way, and it can no
        longer be filled in, moved or edited. Links keep working.
      </Text>
      <Stack gap="2" role="group" aria-label="What to flatten">
        <Choice label="Form fields" checked={forms} onChange={setForms} />
        <Choice label="Comments, highlights and stamps" checked={annotations} onChange={setAnnotations} />
      </Stack>
      {none && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {NOTHING}
        </Text>
      )}
    </Stack>
  );
  return (
    <ToolLayout toolId="flatten-pdf">
      <UploadTool
        toolId="flatten-pdf"
        mode="each"
        startLabel="Flatten PDF"
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
