import { Alert, Box, Button, Card, Grid, Heading, HStack, Icon, Stack, Switch, Text } from "@chakra-ui/react";
import { type ReactNode, useRef, useState } from "react";
import { LuEraser, LuEyeOff, LuFileSearch, LuRotateCcw, LuShieldCheck } from "react-icons/lu";
import { DEFAULT_LOCALE } from "../../../schema/locales";
import { convertPath } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { useLocale, useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { Segments } from "../fields";
import { usePdfDocument } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { FeatureGrid, Steps } from "../tool-info";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { AREA_STYLE, MATCH_STYLE } from "./area-layer";
import { AreaList } from "./area-list";
import { PageViewer } from "./page-viewer";
import { reportOf, reportSentence } from "./plan";
import { Check, MatchList, SearchForm } from "./search-panel";
import { type BoxColor, useRedactPlan } from "./use-redact";

const tool = toolsById["redact-pdf"];

const COLORS = ["black", "white", "red"] as const satisfies readonly BoxColor[];

const FEATURES = [
  { icon: LuEraser, key: "removed" },
  { icon: LuFileSearch, key: "find" },
  { icon: LuShieldCheck, key: "original" },
] as const;

const STEPS = ["upload", "mark", "check", "redact"] as const;

function Legend() {
  const t = useT("redact-pdf");
  const swatch = (style: { borderColor: string; bg: string }) => (
    <Box boxSize="3" borderWidth="2px" borderColor={style.borderColor} bg={style.bg} flexShrink={0} />
  );
  return (
    <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
      <HStack gap="1.5">
        {swatch(AREA_STYLE)}
        <Text>{t("legend.areas")}</Text>
      </HStack>
      <HStack gap="1.5">
        {swatch(MATCH_STYLE)}
        <Text>{t("legend.matches")}</Text>
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

export function RedactPdfPage() {
  const t = useT("redact-pdf");
  const locale = useLocale();
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
          <FeatureGrid
            heading={t("features.heading")}
            features={FEATURES.map((f) => ({
              icon: f.icon,
              title: t(`features.${f.key}.title`),
              text: t(`features.${f.key}.text`),
            }))}
          />
          <Steps
            heading={t("steps.heading")}
            steps={STEPS.map((s) => ({ title: t(`steps.${s}.title`), text: t(`steps.${s}.text`) }))}
          />
        </>
      }
    >
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("drop")} />}
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
                  <Switch.Label fontSize="xs">{t("draw")}</Switch.Label>
                </Switch.Root>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {drawing ? t("draw.on") : t("draw.off")}
              </Text>
              {item.status === "locked" ? (
                <Text fontSize="sm" color="fg.muted">
                  {t("locked")}
                </Text>
              ) : failed ? (
                <Text fontSize="sm" color="fg.muted">
                  {t("cannotShow")}
                </Text>
              ) : (
                <PageViewer doc={doc} pageCount={doc?.numPages ?? 1} plan={plan} drawing={drawing} showPage={shown} />
              )}
            </Stack>
            <Stack gap="4" gridArea="search" minW="0">
              <Panel title={t("panel.find")}>
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
                    {t("noMatches")}
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
              <Panel title={t("panel.areas")}>
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
              <Panel title={t("panel.options")}>
                <Segments<BoxColor>
                  label={t("colour")}
                  value={plan.color}
                  options={COLORS.map((c) => ({ value: c, label: t(`colour.${c}`) }))}
                  onChange={plan.setColor}
                />
                <Check checked={plan.clearMetadata} onChange={plan.setClearMetadata}>
                  {t("clearMetadata")}
                </Check>
              </Panel>
              <Alert.Root status="warning" borderRadius="xl" data-testid="redact-warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t("warning.title")}</Alert.Title>
                  <Alert.Description fontSize="sm">{t("warning.text")}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <RunButton
                tool={tool}
                size="lg"
                onClick={queue.start}
                loading={queue.busy}
                loadingText={t("redacting")}
                disabled={nothing || item.status === "locked"}
              >
                <LuEyeOff aria-hidden /> {t("submit")}
              </RunButton>
              {nothing && (
                <Text fontSize="xs" color="fg.muted" textAlign="center">
                  {t("nothing")}
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
                    {report
                      ? reportSentence(t, report)
                      : // An answer without the numbers: English shows the server's own sentence.
                        ((locale === DEFAULT_LOCALE ? item.result.message : undefined) ?? t("done"))}
                    {plan.clearMetadata && ` ${t("done.metadata")}`}
                  </Text>
                </HStack>
              </Card.Body>
            </Card.Root>
            <ResultCard result={item.result} label={t("download")} />
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
