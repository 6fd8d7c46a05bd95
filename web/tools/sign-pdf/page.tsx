import { Box, Button, Card, Grid, GridItem, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { LuPenLine, LuRotateCcw } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useLocale, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { usePdfDocument } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { signatureFile } from "./image";
import { PlacedControls } from "./placed-controls";
import { type Placed, toPlacement } from "./placement";
import { captionOf, SignatureNotice, SignOptions, todayText } from "./sign-options";
import { SignPages } from "./sign-pages";
import { SignatureMaker } from "./signature-maker";
import { usePlacements } from "./use-placements";
import { useSignature } from "./use-signature";

const tool = toolsById["sign-pdf"];

export function SignPdfPage() {
  const t = useT("sign-pdf");
  const sig = useSignature();
  const [addDate, setAddDate] = useState(true);
  const [addName, setAddName] = useState(false);
  const [name, setName] = useState("");
  const [nameEdited, setNameEdited] = useState(false);
  const [nameMissing, setNameMissing] = useState(false);
  const tag = useLocale();
  const date = useMemo(() => todayText(new Date(), tag), [tag]);
  const aspect = sig.image ? sig.image.width / sig.image.height : null;
  const signerName = addName ? name.trim() : "";

  // The queue reads the request when it sends it: whatever the page shows at that moment.
  const request = useRef({ placed: [] as Placed[], aspect: 1, signerName, date: "", file: null as File | null });
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => {
      const r = request.current;
      return {
        placements: JSON.stringify(r.placed.map((p) => toPlacement(p, r.aspect))),
        ...(r.signerName ? { signerName: r.signerName } : {}),
        ...(r.date ? { date: r.date } : {}),
      };
    },
    attachments: (): Record<string, File> => (request.current.file ? { signature: request.current.file } : {}),
  });
  const item = queue.items[0];
  const { doc, failed } = usePdfDocument(item?.file, item?.filePassword);
  const spots = usePlacements(doc, item?.file, aspect);
  const { placed } = spots;
  request.current = {
    placed,
    aspect: aspect ?? 1,
    signerName,
    date: addDate ? date : "",
    file: sig.image ? signatureFile(sig.image) : null,
  };

  // The typed name fills the name line until the person writes one of their own.
  useEffect(() => {
    if (!nameEdited && sig.typed.trim()) setName(sig.typed.trim());
  }, [sig.typed, nameEdited]);

  const sign = () => {
    if (!sig.image) {
      toast({
        title: t("toast.noSignature"),
        description: t("toast.noSignatureText"),
        variant: "destructive",
      });
      return;
    }
    if (placed.length === 0) {
      toast({
        title: t("toast.notPlaced"),
        description: t("toast.notPlacedText"),
        variant: "destructive",
      });
      return;
    }
    if (addName && !signerName) {
      setNameMissing(true);
      return;
    }
    queue.start();
  };

  const done = item?.status === "completed";
  const layer = {
    placed,
    selected: spots.selected,
    image: sig.image && aspect ? { url: sig.image.url, aspect } : null,
    caption: captionOf(signerName, addDate ? date : ""),
    onPlace: spots.place,
    onChange: spots.change,
    onSelect: spots.setSelected,
    onDelete: spots.remove,
  };

  return (
    <ToolLayout toolId="sign-pdf">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("dropLabel")} />}
        {item && !done && <UploadList queue={queue} />}
        {item && !done && (
          <Grid
            templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 22rem)" }}
            templateAreas={{ base: `"sig" "pages" "opts"`, md: `"pages sig" "pages opts"` }}
            templateRows={{ md: "auto 1fr" }}
            gap="5"
            alignItems="start"
          >
            <GridItem area="sig">
              <Card.Root variant="outline" bg="surface" borderRadius="xl" data-testid="signature-card">
                <Card.Body gap="4">
                  <SignatureMaker s={sig} />
                </Card.Body>
              </Card.Root>
            </GridItem>
            <GridItem area="pages" minW="0">
              <Stack gap="2">
                <Heading as="h2" size="sm">
                  {t("pages.heading")}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {t("pages.help")}
                </Text>
                <Box
                  maxH={{ base: "80vh", md: "calc(100vh - 9rem)" }}
                  overflowY="auto"
                  px="1"
                  py="3"
                  borderRadius="lg"
                  bg="bg.muted"
                  data-testid="sign-scroller"
                >
                  {doc ? (
                    <Box px="3">
                      <SignPages doc={doc} layer={layer} />
                    </Box>
                  ) : (
                    <Text fontSize="sm" color="fg.muted" p="4">
                      {failed || item.status === "locked" ? t("pages.locked") : t("pages.opening")}
                    </Text>
                  )}
                </Box>
              </Stack>
            </GridItem>
            <GridItem area="opts">
              <Card.Root variant="outline" bg="surface" borderRadius="xl" data-testid="sign-options-card">
                <Card.Body gap="5">
                  <PlacedControls p={spots} canCopy={Boolean(doc)} />
                  <SignOptions
                    addDate={addDate}
                    onAddDate={setAddDate}
                    date={date}
                    addName={addName}
                    onAddName={(v) => {
                      setAddName(v);
                      setNameMissing(false);
                    }}
                    name={name}
                    onName={(v) => {
                      setName(v);
                      setNameEdited(true);
                      setNameMissing(false);
                    }}
                    nameError={nameMissing ? t("name.required") : undefined}
                    remember={sig.remember}
                    onRemember={sig.setRemember}
                    canForget={sig.hasSaved || sig.remember}
                    onForget={sig.forget}
                  />
                  <SignatureNotice />
                  <RunButton tool={tool} size="lg" onClick={sign} loading={queue.busy}>
                    <LuPenLine aria-hidden /> {t("action.sign")}
                  </RunButton>
                </Card.Body>
              </Card.Root>
            </GridItem>
          </Grid>
        )}
        {done && item.result && (
          <>
            <ResultCard result={item.result} label={t("result.download")} sources={1} />
            <HStack justify="end">
              <Button
                variant="outline"
                onClick={() => {
                  queue.reset();
                  spots.clear();
                }}
              >
                <LuRotateCcw aria-hidden /> {t("action.another")}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
