import { Button, Checkbox, Collapsible, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { LuChevronDown } from "react-icons/lu";
import { CompressPdfOptions, objectEntries } from "../../../schema/options";
import { type Translate, useLocale, useT } from "../../i18n/provider";

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

/** Each check's label, hint and name in the summary are `options.<key>.label`, `.hint` and `.name`. */
const CHECKS: { key: Exclude<keyof PdfCleanup, "grayscale"> }[] = [
  { key: "removeMetadata" },
  { key: "removeThumbnails" },
  { key: "removeAttachments" },
  { key: "removeUnused" },
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

function summary(value: PdfCleanup, known: Set<string>, t: Translate<"compress-pdf">, locale: string): string {
  const removed = CHECKS.filter((c) => known.has(c.key) && value[c.key]).map((c) => t(`options.${c.key}.name`));
  const colour = known.has("grayscale")
    ? value.grayscale
      ? t("options.summary.grayscale")
      : t("options.summary.colours")
    : "";
  // "a, b and c": British English's list, without the serial comma, as the page always wrote it.
  const lists = new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" });
  const list =
    removed.length === 0 ? t("options.summary.nothing") : t("options.summary.removed", { list: lists.format(removed) });
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
  const t = useT("compress-pdf");
  const locale = useLocale();
  const known = knownFields();
  const checks = CHECKS.filter((c) => known.has(c.key));
  if (checks.length === 0 && !known.has("grayscale")) return null;
  return (
    <Collapsible.Root defaultOpen={false}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="pdf-options-summary">
          {summary(value, known, t, locale)}
        </Text>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
            {t("options.more")} <LuChevronDown aria-hidden />
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
              <Switch.Label>{t("options.grayscale")}</Switch.Label>
            </Switch.Root>
          )}
          {checks.length > 0 && (
            <Stack gap="2" role="group" aria-label={t("options.cleanUp")}>
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
                    {t(`options.${c.key}.label`)}
                    <Text as="span" display="block" fontWeight="normal" color="fg.muted" fontSize="xs">
                      {t(`options.${c.key}.hint`)}
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
