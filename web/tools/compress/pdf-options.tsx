import { Button, Checkbox, Collapsible, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { LuChevronDown } from "react-icons/lu";
import { CompressPdfOptions, objectEntries } from "../../../schema/options";

/** Compress PDF's further choices, with the contract's defaults (issue 19). */
export interface PdfCleanup {
  grayscale: boolean;
  removeMetadata: boolean;
  removeThumbnails: boolean;
  removeAttachments: boolean;
  removeUnused: boolean;
}

export const DEFAULT_CLEANUP: PdfCleanup = {
  grayscale: false,
  removeMetadata: false,
  removeThumbnails: true,
  removeAttachments: false,
  removeUnused: true,
};

const CHECKS: { key: Exclude<keyof PdfCleanup, "grayscale">; label: string; hint: string }[] = [
  { key: "removeMetadata", label: "Remove metadata", hint: "Title, author, dates and the tools that made it" },
  { key: "removeThumbnails", label: "Remove thumbnails", hint: "Small page pictures some readers show" },
  { key: "removeAttachments", label: "Remove embedded files", hint: "Attachments carried inside the PDF" },
  { key: "removeUnused", label: "Remove unused objects", hint: "Leftovers that nothing in the file uses" },
];

/** The fields the shared options schema reads, so the page never offers a choice the server would ignore. */
export function knownFields(): Set<string> {
  return new Set(Object.keys(objectEntries(CompressPdfOptions) ?? {}));
}

/** The form fields for the choices, "true" or "false" each, for the ones the schema knows. */
export function cleanupFields(value: PdfCleanup, known = knownFields()): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (known.has(k)) fields[k] = String(v);
  return fields;
}

function summary(value: PdfCleanup, known: Set<string>): string {
  const removed = CHECKS.filter((c) => known.has(c.key) && value[c.key]).map((c) =>
    c.label.replace("Remove ", "").toLowerCase(),
  );
  const colour = known.has("grayscale") ? (value.grayscale ? "Grayscale" : "Colours kept") : "";
  const list =
    removed.length === 0
      ? "nothing else removed"
      : `${removed.slice(0, -1).join(", ")}${removed.length > 1 ? " and " : ""}${removed.at(-1)} removed`;
  return [colour, list].filter(Boolean).join("; ");
}

export function PdfMoreOptions({
  value,
  onChange,
  disabled,
}: {
  value: PdfCleanup;
  onChange(next: PdfCleanup): void;
  disabled?: boolean;
}) {
  const known = knownFields();
  const checks = CHECKS.filter((c) => known.has(c.key));
  if (checks.length === 0 && !known.has("grayscale")) return null;
  return (
    <Collapsible.Root defaultOpen={false}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="pdf-options-summary">
          {summary(value, known)}
        </Text>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
            More options <LuChevronDown aria-hidden />
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>
        <Stack gap="4" pt="3">
          {known.has("grayscale") && (
            <Switch.Root
              checked={value.grayscale}
              disabled={disabled}
              onCheckedChange={(e) => onChange({ ...value, grayscale: e.checked })}
            >
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>Grayscale: turn every colour into shades of grey</Switch.Label>
            </Switch.Root>
          )}
          {checks.length > 0 && (
            <Stack gap="2" role="group" aria-label="Clean up">
              {checks.map((c) => (
                <Checkbox.Root
                  key={c.key}
                  size="sm"
                  alignItems="start"
                  checked={value[c.key]}
                  disabled={disabled}
                  onCheckedChange={(e) => onChange({ ...value, [c.key]: e.checked === true })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label>
                    {c.label}
                    <Text as="span" display="block" fontWeight="normal" color="fg.muted" fontSize="xs">
                      {c.hint}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
