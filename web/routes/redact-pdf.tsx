import { Alert, Box, Button, Card, Grid, Heading, HStack, Icon, Stack, Switch, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { type ReactNode, useRef, useState } from "react";
import { LuEraser, LuEyeOff, LuFileSearch, LuRotateCcw, LuShieldCheck } from "react-icons/lu";
import { convertPath } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { namespaces } from "../i18n/loader";
import { FileDropzone } from "../tools/dropzone";
import { Segments } from "../tools/fields";
import { usePdfDocument } from "../tools/pdf-preview";
import { AREA_STYLE, MATCH_STYLE } from "../tools/redact/area-layer";
import { AreaList } from "../tools/redact/area-list";
import { PageViewer } from "../tools/redact/page-viewer";
import { reportOf, reportSentence } from "../tools/redact/plan";
import { Check, MatchList, SearchForm } from "../tools/redact/search-panel";
import { type BoxColor, useRedactPlan } from "../tools/redact/use-redact";
import { ResultCard } from "../tools/result-card";
import { FeatureGrid, Steps } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";
import { UploadList } from "../tools/upload-list";
import { useUploadQueue } from "../tools/use-upload-queue";

export const Route = createFileRoute("/redact-pdf")({ component: RedactPdfPage, loader: namespaces("tool-shell") });

const tool = toolsById["redact-pdf"];

const COLORS: { value: BoxColor; label: string }[] = [
  { value: "black", label: "Black" },
  { value: "white", label: "White" },
  { value: "red", label: "Red" },
];

const features = [
  {
    icon: LuEraser,
    title: "Removed, not covered",
    text: "Many tools only draw a black box, and the text under it can still be copied out. We take the text, image pixels, comments and form fields under each box out of the file.",
  },
  {
    icon: LuFileSearch,
    title: "Find it everywhere",
    text: "Search for a word or a name, or for every email address, phone number or IBAN, and check each match before you apply.",
  },
  {
    icon: LuShieldCheck,
    title: "Your file stays as it is",
    text: "You get a redacted copy to download; the original on your device is not touched.",
  },
];

const steps = [
  { title: "Upload", text: "Drop a PDF here or select it from your device." },
  { title: "Mark", text: "Drag boxes over what must go, or find text and patterns." },
  { title: "Check", text: "Look over the boxes on the pages; untick matches you want to keep." },
  { title: "Redact", text: "Press Redact PDF and download the redacted copy." },
];

function Legend() {
  const swatch = (style: { borderColor: string; bg: string }) => (
    <Box boxSize="3" borderWidth="2px" borderColor={style.borderColor} bg={style.bg} flexShrink={0} />
  );
  return (
    <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
      <HStack gap="1.5">
        {swatch(AREA_STYLE)}
        <Text>Your areas</Text>
      </HStack>
      <HStack gap="1.5">
        {swatch(MATCH_STYLE)}
        <Text>Search matches</Text>
      </HStack>
    </HStack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="surface" borderRadius="xl" size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function RedactPdfPage() {
  const fields = useRef<Record<string, string>>({});
  const queue = useUploadQueue({
    tool,
    mode: "each",
    endpoint: convertPath("redact-pdf"),
    fields: () => fields.current,
  });
  const item = queue.items[0];
  const plan = useRedactPlan(item?.file, item?.filePassword);
  fields.current = plan.fields;
  const { doc, failed } = usePdfDocument(item?.file, item?.filePassword);
  const [drawing, setDrawing] = useState(true);
  const [shown, setShown] = useState<{ page: number; at: number } | null>(null);
  const show = (page: number) => setShown({ page, at: Date.now() });

  const done = item?.status === "completed";
  const nothing = plan.areas.length === 0 && plan.keptMatches === 0;
  const report = reportOf(item?.result);

  return (
    <ToolLayout
      toolId="redact-pdf"
      aside={
        <>
          <FeatureGrid heading="How PDFTools redacts" features={features} />
          <Steps heading="How to redact a PDF" steps={steps} />
        </>
      }
    >
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label="Drop a PDF here" />}
        {item && !done && <UploadList queue={queue} />}
        {item && !done && (
          <Grid
            gap="5"
            alignItems="start"
            templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 1fr) 19rem" }}
            templateAreas={{ base: `"search" "pages" "apply"`, md: `"pages search" "pages apply"` }}
            templateRows={{ md: "auto 1fr" }}
          >
            <Stack gap="2" gridArea="pages" minW="0">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Legend />
                <Switch.Root size="sm" checked={drawing} onCheckedChange={(e) => setDrawing(e.checked)}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label fontSize="xs">Draw boxes</Switch.Label>
                </Switch.Root>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {drawing
                  ? "Drag on a page to mark an area. Select a box to move it, resize it from a corner, or press Delete."
                  : "Drawing is off: drag to scroll the pages. Turn on Draw boxes to mark areas."}
              </Text>
              {item.status === "locked" ? (
                <Text fontSize="sm" color="fg.muted">
                  Enter the file's password above to see its pages.
                </Text>
              ) : failed ? (
                <Text fontSize="sm" color="fg.muted">
                  This PDF cannot be shown here (it may need a password, or be damaged), so areas cannot be marked. You
                  can still find text and redact the matches.
                </Text>
              ) : (
                <PageViewer doc={doc} pageCount={doc?.numPages ?? 1} plan={plan} drawing={drawing} showPage={shown} />
              )}
            </Stack>
            <Stack gap="4" gridArea="search" minW="0">
              <Panel title="Find text to redact">
                <SearchForm
                  query={plan.query}
                  onChange={plan.setQuery}
                  onFind={plan.find}
                  finding={plan.finding}
                  error={plan.findError}
                  disabled={item.status === "locked"}
                />
                {plan.lastFind && plan.lastFind.total === 0 && (
                  <Text fontSize="sm" color="fg.muted" data-testid="redact-no-match">
                    No matches found.
                  </Text>
                )}
                {plan.found.length > 0 && (
                  <MatchList
                    found={plan.found}
                    onKeep={plan.keep}
                    onKeepAll={plan.keepAll}
                    onClear={plan.clearMatches}
                    onShow={show}
                  />
                )}
              </Panel>
            </Stack>
            <Stack gap="4" gridArea="apply" minW="0">
              <Panel title="Areas">
                <AreaList
                  areas={plan.areas}
                  selected={plan.selected}
                  onSelect={(a) => {
                    plan.select(a.id);
                    show(a.page);
                  }}
                  onRemove={plan.remove}
                  onClear={plan.clearAreas}
                />
              </Panel>
              <Panel title="Options">
                <Segments<BoxColor> label="Box colour" value={plan.color} options={COLORS} onChange={plan.setColor} />
                <Check checked={plan.clearMetadata} onChange={plan.setClearMetadata}>
                  Also remove the document's metadata (title, author...)
                </Check>
              </Panel>
              <Alert.Root status="warning" borderRadius="xl" data-testid="redact-warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>This cannot be undone</Alert.Title>
                  <Alert.Description fontSize="sm">
                    Redacting removes what lies under the boxes for good from the copy you download: text, image pixels,
                    comments and form fields. Your own file is not changed.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <Button
                colorPalette="red"
                bg="brand.solid"
                size="lg"
                onClick={queue.start}
                loading={queue.busy}
                loadingText="Redacting…"
                disabled={nothing || item.status === "locked"}
              >
                <LuEyeOff aria-hidden /> Redact PDF
              </Button>
              {nothing && (
                <Text fontSize="xs" color="fg.muted" textAlign="center">
                  Mark an area or find text first.
                </Text>
              )}
            </Stack>
          </Grid>
        )}
        {done && item.result && (
          <>
            <Card.Root variant="outline" bg="surface" borderRadius="xl">
              <Card.Body>
                <HStack gap="3" align="start">
                  <Icon as={LuEraser} boxSize="5" color="fg.muted" mt="0.5" flexShrink={0} aria-hidden />
                  <Text data-testid="redact-report">
                    {report ? reportSentence(report, plan.keptMatches) : (item.result.message ?? "Redaction done.")}
                    {plan.clearMetadata && " The document's metadata was removed too."}
                  </Text>
                </HStack>
              </Card.Body>
            </Card.Root>
            <ResultCard result={item.result} label="Download PDF" />
            <HStack justify="end">
              <Button variant="outline" onClick={queue.reset}>
                <LuRotateCcw aria-hidden /> Start over
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
