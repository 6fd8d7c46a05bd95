import { Alert, Button, Card, HStack, Icon, Progress, Spacer, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFileText, LuPencil, LuRotateCcw } from "react-icons/lu";
import type { FieldValue } from "../../../schema/form-options";
import { toolsById } from "../../../schema/tools";
import { type Translate, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { formatBytes } from "../format";
import { FilePasswordPrompt } from "../password-prompt";
import { usePdfDocument } from "../pdf-preview";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { type DataTable, matchColumns, rowValues } from "./data-file";
import { dataErrorText, type MergeChoice, NO_DATA } from "./data-source";
import { FillResult } from "./fill-result";
import { FormEditor } from "./form-editor";
import { fillRequest } from "./request";
import { type FormDocument, useFillForm } from "./use-fill-form";
import { fillable, missingRequired } from "./values";

const tool = toolsById["fill-form"];

function statusLine(t: Translate<"fill-form">, doc: FormDocument, fieldCount: number): string {
  if (doc.status === "locked") return t("status.locked");
  if (doc.status === "reading") return t("status.reading");
  if (doc.status === "processing") return t("status.processing");
  if (doc.status === "refused") return t("status.refused");
  return t("status.fields", { count: fieldCount });
}

/** "a, b, c and 2 more": the first three names of the required fields still empty. */
function missingText(t: Translate<"fill-form">, missing: string[]): string {
  const names = missing.slice(0, 3).join(t("listSeparator"));
  return missing.length > 3 ? t("missingMore", { names, count: missing.length - 3 }) : t("missing", { names });
}

export function FillFormPage() {
  const t = useT("fill-form");
  const form = useFillForm();
  const { doc, values } = form;
  const preview = usePdfDocument(doc && doc.status !== "locked" ? doc.file : undefined, doc?.password);
  const [merge, setMerge] = useState<MergeChoice>(NO_DATA);
  const [flatten, setFlatten] = useState(false);

  const start = (files: File[]) => {
    if (!files[0]) return;
    setMerge(NO_DATA);
    setFlatten(false);
    void form.select(files[0]);
  };
  const reset = () => {
    setMerge(NO_DATA);
    form.reset();
  };

  if (!doc) {
    return (
      <ToolLayout toolId="fill-form">
        <FileDropzone tool={tool} onFiles={start} label={t("dropzone")} />
      </ToolLayout>
    );
  }

  const fields = fillable(doc.fields);
  const change = (name: string, value: FieldValue) => form.setValues((v) => ({ ...v, [name]: value }));
  const loadRow = (table: DataTable, row: number) => {
    const { matched } = matchColumns(table.columns, doc.fields);
    form.setValues((v) => ({ ...v, ...rowValues(table.rows[row - 1] ?? {}, matched) }));
    setMerge((m) => ({ ...m, table, row }));
  };
  const mailMerge = merge.eachRow && merge.table ? merge.table : null;
  const run = () => {
    const request = fillRequest({
      fields: doc.fields,
      values,
      flatten,
      merge: mailMerge ? { table: mailMerge, nameBy: merge.nameBy } : undefined,
    });
    if ("error" in request) {
      toast({ title: t("toast.cannotFill"), description: dataErrorText(t, request.error), variant: "destructive" });
      return;
    }
    void form.run(request);
  };
  const working = doc.status === "processing";
  const editing = doc.status === "ready" || working;
  const missing = editing && !mailMerge ? missingRequired(doc.fields, values) : [];
  const runLabel = mailMerge ? t("run.merge", { count: mailMerge.rows.length }) : t("run.fill");

  return (
    <ToolLayout toolId="fill-form">
      <Stack gap="5">
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="3">
            <HStack gap="3" wrap="wrap">
              <Icon as={LuFileText} boxSize="6" color="brand.fg" />
              <Stack gap="0" flex="1" minW="10rem">
                <Text fontWeight="semibold" truncate title={doc.file.name}>
                  {doc.file.name}
                </Text>
                <Text fontSize="sm" color="fg.muted" data-testid="form-status">
                  {[formatBytes(doc.file.size), statusLine(t, doc, fields.length)].join(" · ")}
                </Text>
              </Stack>
              {doc.status !== "completed" && (
                <Button variant="outline" size="sm" onClick={reset} disabled={working}>
                  {t("chooseAnother")}
                </Button>
              )}
            </HStack>
            {(doc.status === "reading" || working) && (
              <Progress.Root value={null} size="xs" colorPalette="red" aria-label={statusLine(t, doc, 0)}>
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
              <FilePasswordPrompt name={doc.file.name} reason={doc.detail} onSubmit={form.unlock} />
            </Card.Body>
          </Card.Root>
        )}

        {doc.status === "refused" && (
          <Alert.Root status="error" borderRadius="xl" data-testid="form-refused">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("refused.title")}</Alert.Title>
              <Alert.Description>{doc.detail}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {doc.status === "ready" && fields.length === 0 && (
          <Alert.Root status="info" borderRadius="xl" data-testid="no-fields">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("noFields.title")}</Alert.Title>
              <Alert.Description>{t("noFields.text")}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {editing && fields.length > 0 && (
          <>
            <FormEditor
              doc={preview.doc}
              previewFailed={preview.failed}
              pageCount={doc.pageCount || preview.doc?.numPages || 0}
              fields={fields}
              values={values}
              onChange={change}
              data={{ value: merge, onChange: setMerge, onUseRow: loadRow }}
              flatten={flatten}
              onFlatten={setFlatten}
              disabled={working}
            />
            <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
              <Card.Body py="3">
                <HStack gap="3" wrap="wrap">
                  <Text
                    fontSize={{ base: "xs", md: "sm" }}
                    color={doc.error || missing.length ? "fg.error" : "fg.muted"}
                    flex="1"
                    minW="12rem"
                  >
                    {doc.error ??
                      (missing.length > 0
                        ? missingText(t, missing)
                        : mailMerge
                          ? t("mergeSummary", { count: mailMerge.rows.length })
                          : t("ready"))}
                  </Text>
                  <Spacer display={{ base: "none", md: "block" }} />
                  <RunButton tool={tool} onClick={run} loading={working} loadingText={t("filling")}>
                    {runLabel}
                  </RunButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}

        {doc.status === "completed" && doc.main && (
          <>
            <FillResult main={doc.main} results={doc.results ?? [doc.main]} />
            <HStack justify="end" gap="2" wrap="wrap">
              <Button variant="outline" onClick={form.edit}>
                <LuPencil aria-hidden /> {t("edit")}
              </Button>
              <Button variant="outline" onClick={reset}>
                <LuRotateCcw aria-hidden /> {t("another")}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
