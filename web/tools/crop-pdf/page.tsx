import {
  Box,
  Button,
  Card,
  Grid,
  HStack,
  IconButton,
  Progress,
  SimpleGrid,
  Spacer,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuCrop, LuRotateCcw, LuScanLine } from "react-icons/lu";
import type { Margins } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { ChevronBack, ChevronForward } from "../../components/direction-icons";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { NumberField, SelectField } from "../fields";
import { PageThumbnail } from "../page-thumbnail";
import { renderPage, usePdfDocument } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { CropOverlay, whiteMargins } from "./crop-box";

const tool = toolsById["crop-pdf"];
type Scope = "all" | "odd" | "even" | "this";
const NONE: Margins = { left: 0, top: 0, right: 0, bottom: 0 };
/** A frame round the whole page: nothing is cut until the person chooses what to cut. */
const START = NONE;
const cutsNothing = (m: Margins) => m.left === 0 && m.top === 0 && m.right === 0 && m.bottom === 0;

/** How the request says which pages get which crop. */
type Plan = { margins: Margins; scope: Scope; page: number } | { boxes: Record<string, Margins> };

function fieldsOf(plan: Plan): Record<string, string> {
  if ("boxes" in plan) return { boxes: JSON.stringify(plan.boxes) };
  const { margins, scope, page } = plan;
  return scope === "this"
    ? { margins: JSON.stringify(margins), scope: "pages", pages: JSON.stringify([page]) }
    : { margins: JSON.stringify(margins), scope };
}

export function CropPdfPage() {
  const t = useT("crop-pdf");
  const [margins, setMargins] = useState<Margins>(START);
  const [scope, setScope] = useState<Scope>("all");
  const [page, setPage] = useState(1);
  const [measuring, setMeasuring] = useState<number | null>(null);
  const plan = useRef<Plan>({ margins, scope, page });
  plan.current = { margins, scope, page };
  const auto = useRef<Record<string, Margins> | null>(null);
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => fieldsOf(auto.current ? { boxes: auto.current } : plan.current),
  });
  const item = queue.items[0];
  const { doc, failed } = usePdfDocument(item?.file, item?.filePassword);
  const pageCount = doc?.numPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts over.
  useEffect(() => {
    setPage(1);
    setMargins(START);
    auto.current = null;
  }, [item?.file]);

  const done = item?.status === "completed";
  const crop = () => {
    auto.current = null;
    queue.start();
  };

  /** Renders every page small and measures the white round what is on it: one crop per page. */
  const removeWhiteMargins = async () => {
    if (!doc) return;
    const boxes: Record<string, Margins> = {};
    const canvas = document.createElement("canvas");
    setMeasuring(0);
    try {
      for (let n = 1; n <= doc.numPages; n++) {
        await renderPage(doc, n, canvas, 160);
        const ctx = canvas.getContext("2d");
        if (!ctx) break;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const m = whiteMargins(data, canvas.width, canvas.height);
        if (m && (m.left > 0.005 || m.right > 0.005 || m.top > 0.005 || m.bottom > 0.005)) boxes[n] = m;
        setMeasuring(n);
      }
    } finally {
      setMeasuring(null);
    }
    if (Object.keys(boxes).length === 0) {
      toast({ title: t("toast.noMargins"), description: t("toast.noMarginsText") });
      return;
    }
    auto.current = boxes;
    const here = boxes[page];
    if (here) setMargins(here);
    queue.start();
  };

  const pct = (key: keyof Margins) => Math.round(margins[key] * 1000) / 10;
  const setPct = (key: keyof Margins) => (v: number) =>
    Number.isFinite(v) && setMargins((m) => ({ ...m, [key]: Math.min(0.9, Math.max(0, v / 100)) }));

  return (
    <ToolLayout toolId="crop-pdf">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("dropzone")} />}
        {item && !done && <UploadList queue={queue} />}
        {item && !done && failed && item.status !== "locked" && (
          <Text fontSize="sm" color="fg.muted">
            {t("cannotShow")}
          </Text>
        )}
        {item && !done && (
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body>
              <Grid templateColumns={{ base: "1fr", md: "minmax(0, 22rem) 1fr" }} gap="6" alignItems="start">
                <Stack gap="2">
                  <Box position="relative" shadow="md" borderRadius="sm" css={{ touchAction: "none" }}>
                    <PageThumbnail
                      doc={doc}
                      pageNumber={page}
                      width={352}
                      failed={failed}
                      overlay={() => <CropOverlay margins={margins} onChange={setMargins} />}
                    />
                  </Box>
                  <HStack justify="center" gap="2">
                    <IconButton
                      size="xs"
                      variant="outline"
                      aria-label={t("previousPage")}
                      disabled={page <= 1}
                      onClick={() => setPage((p) => p - 1)}
                    >
                      <ChevronBack />
                    </IconButton>
                    <Text fontSize="sm" color="fg.muted" aria-live="polite">
                      {t("pageOf", { page, count: pageCount || "…" })}
                    </Text>
                    <IconButton
                      size="xs"
                      variant="outline"
                      aria-label={t("nextPage")}
                      disabled={page >= pageCount}
                      onClick={() => setPage((p) => p + 1)}
                    >
                      <ChevronForward />
                    </IconButton>
                  </HStack>
                </Stack>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    {t("help")}
                  </Text>
                  <SimpleGrid columns={2} gap="3">
                    <NumberField
                      label={t("margin.left")}
                      value={pct("left")}
                      onChange={setPct("left")}
                      min={0}
                      max={90}
                      step={0.5}
                    />
                    <NumberField
                      label={t("margin.right")}
                      value={pct("right")}
                      onChange={setPct("right")}
                      min={0}
                      max={90}
                      step={0.5}
                    />
                    <NumberField
                      label={t("margin.top")}
                      value={pct("top")}
                      onChange={setPct("top")}
                      min={0}
                      max={90}
                      step={0.5}
                    />
                    <NumberField
                      label={t("margin.bottom")}
                      value={pct("bottom")}
                      onChange={setPct("bottom")}
                      min={0}
                      max={90}
                      step={0.5}
                    />
                  </SimpleGrid>
                  <SelectField
                    label={t("applyTo")}
                    value={scope}
                    onChange={(v: Scope) => setScope(v)}
                    options={[
                      { value: "all", label: t("scope.all") },
                      { value: "odd", label: t("scope.odd") },
                      { value: "even", label: t("scope.even") },
                      { value: "this", label: t("scope.this", { page }) },
                    ]}
                  />
                  {measuring !== null && (
                    <Progress.Root value={(measuring / Math.max(1, pageCount)) * 100} size="xs" colorPalette="red">
                      <Progress.Label fontSize="xs">
                        {t("measuring", { page: measuring, count: pageCount })}
                      </Progress.Label>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  )}
                  {cutsNothing(margins) && (
                    <Text fontSize="sm" color="fg.muted" id="crop-nothing" data-testid="crop-nothing">
                      {t("nothingToCut")}
                    </Text>
                  )}
                  <HStack gap="2" wrap="wrap">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setMargins(NONE)}
                      disabled={cutsNothing(margins)}
                    >
                      {t("reset")}
                    </Button>
                    <Spacer />
                    <Button
                      variant="outline"
                      onClick={removeWhiteMargins}
                      disabled={!doc || queue.busy}
                      loading={measuring !== null}
                    >
                      <LuScanLine aria-hidden /> {t("removeWhite")}
                    </Button>
                    <RunButton
                      tool={tool}
                      onClick={crop}
                      loading={queue.busy}
                      disabled={cutsNothing(margins)}
                      aria-describedby={cutsNothing(margins) ? "crop-nothing" : undefined}
                    >
                      <LuCrop aria-hidden /> {t("crop")}
                    </RunButton>
                  </HStack>
                </Stack>
              </Grid>
            </Card.Body>
          </Card.Root>
        )}
        {done && item.result && (
          <>
            <ResultCard result={item.result} label={t("download")} sources={1} />
            <HStack justify="end">
              <Button variant="outline" onClick={queue.reset}>
                <LuRotateCcw aria-hidden /> {t("startOver")}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
