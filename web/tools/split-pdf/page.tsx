import { Alert, Button, Card, HStack, Icon, Progress, Spacer, Stack, Text } from "@chakra-ui/react";
import { LuFileText, LuRotateCcw } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { type Translate, useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { formatBytes } from "../format";
import { messages } from "../messages";
import { PagePicker } from "../page-picker";
import { FilePasswordPrompt } from "../password-prompt";
import { usePdfDocument } from "../pdf-preview";
import { RunButton, useNoneLeft } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { SplitResult } from "./split-result";
import { type SplitDocument, useSplit } from "./use-split";

const tool = toolsById["split-pdf"];

function statusLine(doc: SplitDocument, t: Translate<"split-pdf">): string {
  const n = doc.pages.length;
  switch (doc.status) {
    case "uploading":
      return t("status.uploading");
    case "analyzing":
      return t("status.analyzing");
    case "locked":
      return t("status.locked");
    case "processing":
      return doc.job === "split" ? t("status.splitting") : t("status.extracting");
    default:
      return n > 0 ? t("status.pages", { count: n }) : "";
  }
}

export function SplitPdfPage() {
  const t = useT("split-pdf");
  const split = useSplit();
  const noneLeft = useNoneLeft(tool);
  const { doc } = split;
  const preview = usePdfDocument(doc?.file, doc?.password);

  if (!doc) {
    return (
      <ToolLayout toolId="split-pdf">
        <FileDropzone tool={tool} onFiles={(files) => files[0] && split.select(files[0])} />
      </ToolLayout>
    );
  }

  const working = doc.status === "processing";
  const pickable = doc.status === "ready" || working;
  return (
    <ToolLayout toolId="split-pdf">
      <Stack gap="5">
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="3">
            <HStack gap="3" wrap="wrap">
              <Icon as={LuFileText} boxSize="6" color="brand.fg" />
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="semibold" truncate title={doc.file.name}>
                  {doc.file.name}
                </Text>
                <Text fontSize="sm" color="fg.muted" data-testid="split-status">
                  {[formatBytes(doc.file.size), statusLine(doc, t)].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              {doc.status !== "completed" && doc.status !== "error" && (
                <Button variant="outline" size="sm" onClick={split.reset}>
                  {t("cancel")}
                </Button>
              )}
            </HStack>
            {(doc.status === "uploading" || doc.status === "analyzing" || working) && (
              <Progress.Root
                value={doc.status === "uploading" ? doc.progress : null}
                max={100}
                size="xs"
                colorPalette="red"
                aria-label={statusLine(doc, t)}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Card.Body>
        </Card.Root>

        {doc.status === "locked" && (
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body>
              <FilePasswordPrompt name={doc.file.name} reason={doc.detail} onSubmit={split.unlock} />
            </Card.Body>
          </Card.Root>
        )}

        {doc.status === "error" && (
          <Alert.Root status="error" borderRadius="xl">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{doc.error}</Alert.Title>
              {doc.detail && <Alert.Description>{doc.detail}</Alert.Description>}
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={split.reset} alignSelf="center">
              {messages.split.tryAgain}
            </Button>
          </Alert.Root>
        )}

        {pickable && (
          <>
            <PagePicker
              pages={doc.pages}
              doc={preview.doc}
              previewFailed={preview.failed}
              disabled={working}
              onToggle={split.toggle}
              onSelectAll={split.selectAll}
              onDeselectAll={split.deselectAll}
              onSelectPages={split.selectPages}
            />
            <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
              <Card.Body>
                <HStack gap="3" wrap="wrap">
                  <Text fontSize="sm" color="fg.muted" display={{ base: "none", md: "block" }}>
                    {t("hint")}
                  </Text>
                  <Spacer />
                  {!noneLeft && (
                    <Button
                      variant="outline"
                      onClick={() => split.run("split")}
                      disabled={working}
                      loading={working && doc.job === "split"}
                    >
                      {t("split")}
                    </Button>
                  )}
                  <RunButton
                    tool={tool}
                    onClick={() => split.run("extract")}
                    disabled={working}
                    loading={working && doc.job === "extract"}
                  >
                    {t("extract")}
                  </RunButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}

        {doc.status === "completed" && doc.results && (
          <>
            <SplitResult results={doc.results} resultUrl={doc.resultUrl} />
            <HStack justify="end">
              <Button variant="outline" onClick={split.reset}>
                <LuRotateCcw aria-hidden /> {messages.split.another}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
