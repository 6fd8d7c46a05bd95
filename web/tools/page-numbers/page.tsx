import { Box, Field, Grid, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { NUMBER_POSITIONS, type NumberFormat, type NumberPosition } from "../../../schema/options";
import { useT } from "../../i18n/provider";
import { NumberField, SelectField } from "../fields";
import { PageThumbnail } from "../page-thumbnail";
import { usePdfDocument } from "../pdf-preview";
import { ToolLayout } from "../tool-layout";
import type { UploadItem } from "../upload-items";
import { UploadTool } from "../upload-tool";

/** The styles, each named by a sample of what is drawn (the server draws "Page 1 of 12" in English). */
const FORMATS = ["n", "n-of-total", "page-n-of-total", "roman"] as const satisfies readonly NumberFormat[];

interface Choice {
  position: NumberPosition;
  format: NumberFormat;
  start: number;
  firstPage: number;
  fontSize: number;
  margin: number;
  color: string;
}

const DEFAULTS: Choice = {
  position: "bottom-center",
  format: "n",
  start: 1,
  firstPage: 1,
  fontSize: 12,
  margin: 24,
  color: "#000000",
};

/** What the server draws on the page, so in English whatever the site's language. */
function sample(c: Choice): string {
  const n = c.start;
  const total = c.start + 11;
  if (c.format === "n-of-total") return `${n} / ${total}`;
  if (c.format === "page-n-of-total") return `Page ${n} of ${total}`;
  if (c.format === "roman") return ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"][n - 1] ?? String(n);
  return String(n);
}

/** The first numbered page with its number where the server will draw it (sizes as on an A4 page). */
function Preview({ file, password, choice }: { file?: File; password?: string; choice: Choice }) {
  const { doc, failed } = usePdfDocument(file, password);
  const [vertical, horizontal] = choice.position.split("-");
  // In thousandths of the page width, an A4 page being 595 points wide.
  const pt = (v: number) => `${(v / 595) * 100}cqw`;
  return (
    // w="full": centred by its margins, the box would shrink to its content, and the page inside
    // it takes its width from the box (it was drawn, but at 0x0).
    <Box w="full" maxW="60" mx="auto" shadow="md" borderRadius="sm" css={{ containerType: "inline-size" }}>
      <PageThumbnail
        doc={doc}
        pageNumber={Math.max(1, choice.firstPage)}
        width={240}
        blank={!file}
        failed={failed}
        overlay={() => (
          <Text
            data-testid="number-preview"
            position="absolute"
            fontFamily="Helvetica, Arial, sans-serif"
            lineHeight="1"
            color={choice.color}
            style={{
              fontSize: pt(choice.fontSize),
              [vertical === "top" ? "top" : "bottom"]: pt(choice.margin),
              ...(horizontal === "left"
                ? { left: pt(choice.margin) }
                : horizontal === "right"
                  ? { right: pt(choice.margin) }
                  : { left: "50%", transform: "translateX(-50%)" }),
            }}
          >
            {sample(choice)}
          </Text>
        )}
      />
    </Box>
  );
}

export function PageNumbersPage() {
  const t = useT("page-numbers");
  const formats = FORMATS.map((value) => ({ value, label: t(`style.${value}`) }));
  const positionLabel = (p: NumberPosition) => t(`position.${p}`);
  const [choice, setChoice] = useState<Choice>(DEFAULTS);
  const [first, setFirst] = useState<UploadItem>();
  const file = first?.file;
  const set =
    <K extends keyof Choice>(key: K) =>
    (value: Choice[K]) =>
      setChoice((c) => ({ ...c, [key]: value }));
  const valid =
    Number.isInteger(choice.start) &&
    choice.start >= 0 &&
    Number.isInteger(choice.firstPage) &&
    choice.firstPage >= 1 &&
    choice.fontSize >= 6 &&
    choice.fontSize <= 72 &&
    choice.margin >= 0 &&
    choice.margin <= 144;
  return (
    <ToolLayout toolId="page-numbers">
      <UploadTool
        toolId="page-numbers"
        mode="each"
        startLabel={t("start")}
        onFilesChange={(_, items) => setFirst(items[0])}
        canStart={() => valid}
        fields={() => ({
          position: choice.position,
          format: choice.format,
          start: String(choice.start),
          firstPage: String(choice.firstPage),
          fontSize: String(choice.fontSize),
          margin: String(choice.margin),
          color: choice.color,
        })}
        options={
          <Grid templateColumns={{ base: "1fr", md: "1fr 15rem" }} gap="6" alignItems="start">
            <Stack gap="4">
              <Field.Root>
                <Field.Label>{t("position")}</Field.Label>
                {/* Places on the paper, so laid out as on the paper in every language (not mirrored). */}
                <SimpleGrid columns={3} gap="2" role="radiogroup" aria-label={t("position")} maxW="xs" dir="ltr">
                  {NUMBER_POSITIONS.map((p) => (
                    <Box
                      as="button"
                      key={p}
                      role="radio"
                      aria-checked={choice.position === p}
                      aria-label={positionLabel(p)}
                      onClick={() => set("position")(p)}
                      h="9"
                      borderRadius="md"
                      borderWidth="2px"
                      borderColor={choice.position === p ? "brand.solid" : "border"}
                      bg={choice.position === p ? "brand.subtle" : "bg"}
                      fontSize="xs"
                      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
                    >
                      {positionLabel(p)}
                    </Box>
                  ))}
                </SimpleGrid>
              </Field.Root>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <SelectField label={t("style")} value={choice.format} options={formats} onChange={set("format")} />
                <NumberField
                  label={t("firstNumber")}
                  value={choice.start}
                  onChange={set("start")}
                  min={0}
                  max={100000}
                />
                <NumberField
                  label={t("firstPage")}
                  value={choice.firstPage}
                  onChange={set("firstPage")}
                  min={1}
                  max={100000}
                  helper={t("firstPageHelper")}
                />
                <NumberField
                  label={t("fontSize")}
                  value={choice.fontSize}
                  onChange={set("fontSize")}
                  min={6}
                  max={72}
                />
                <NumberField label={t("margin")} value={choice.margin} onChange={set("margin")} min={0} max={144} />
                <Field.Root>
                  <Field.Label>{t("colour")}</Field.Label>
                  <Input
                    size="sm"
                    type="color"
                    p="1"
                    value={choice.color}
                    onChange={(e) => set("color")(e.currentTarget.value)}
                  />
                </Field.Root>
              </SimpleGrid>
            </Stack>
            <Stack gap="2">
              <Preview file={file} password={first?.filePassword} choice={choice} />
              <Text fontSize="xs" color="fg.muted" textAlign="center">
                {file ? t("preview.caption", { page: choice.firstPage, name: file.name }) : t("preview.empty")}
              </Text>
            </Stack>
          </Grid>
        }
      />
    </ToolLayout>
  );
}
