import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuEraser, LuSave } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { usePdfDocument } from "../pdf-preview";
import { RunButton, useNoneLeft } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";

const tool = toolsById["edit-metadata"];

const TEXT_FIELDS = [
  { key: "title", info: "Title" },
  { key: "author", info: "Author" },
  { key: "subject", info: "Subject" },
  { key: "keywords", info: "Keywords" },
  { key: "creator", info: "Creator" },
  { key: "producer", info: "Producer" },
] as const;
const DATE_FIELDS = [
  { key: "created", info: "CreationDate" },
  { key: "modified", info: "ModDate" },
] as const;

type Values = Record<(typeof TEXT_FIELDS)[number]["key"] | (typeof DATE_FIELDS)[number]["key"], string>;
const EMPTY: Values = {
  title: "",
  author: "",
  subject: "",
  keywords: "",
  creator: "",
  producer: "",
  created: "",
  modified: "",
};

/** "D:20261124093000+01'00'" as a datetime-local value (the visitor's local time), or "". */
export function pdfDateToLocal(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(raw.trim());
  if (!m) return "";
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", sign, oh = "00", om = "00"] = m;
  const offset = sign === "+" || sign === "-" ? (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
  if (!Number.isFinite(utc)) return "";
  const local = new Date(utc - new Date(utc).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** What the form holds, as the tool's `info` field: every field (empty ones removed from the file). */
export function infoField(values: Values): string {
  const out: Record<string, string | null> = {};
  for (const f of TEXT_FIELDS) out[f.key] = values[f.key].trim();
  for (const f of DATE_FIELDS) out[f.key] = values[f.key] ? new Date(values[f.key]).toISOString() : null;
  return JSON.stringify(out);
}

export function EditMetadataPage() {
  const t = useT("edit-metadata");
  const [values, setValues] = useState<Values>(EMPTY);
  const [removeAll, setRemoveAll] = useState(false);
  const noneLeft = useNoneLeft(tool);
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: (): Record<string, string> => (removeAll ? { removeAll: "true" } : { info: infoField(values) }),
  });
  const file = queue.items[0]?.file;
  const { doc, failed } = usePdfDocument(file, queue.items[0]?.filePassword);
  const [read, setRead] = useState(false);

  // The file's own metadata fills the form, as pdf.js reads it.
  useEffect(() => {
    setRead(false);
    if (!doc) return;
    let cancelled = false;
    void doc.getMetadata().then(({ info }) => {
      if (cancelled) return;
      const i = info as Record<string, unknown>;
      const next = { ...EMPTY };
      for (const f of TEXT_FIELDS) next[f.key] = typeof i[f.info] === "string" ? (i[f.info] as string) : "";
      for (const f of DATE_FIELDS) next[f.key] = pdfDateToLocal(i[f.info]);
      setValues(next);
      setRead(true);
    });
    return () => {
      cancelled = true;
    };
  }, [doc]);

  const run = (all: boolean) => {
    setRemoveAll(all);
    // The fields are read when the request is made: after this render.
    setTimeout(() => queue.start(), 0);
  };
  const pending = queue.items.some((i) => i.status === "pending" || i.status === "error");
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <ToolLayout toolId="edit-metadata">
      <Stack gap="5">
        <FileDropzone tool={tool} onFiles={queue.addFiles} compact={queue.items.length > 0} label={t("dropzone")} />
        <UploadList queue={queue} />
        {file && pending && (
          <Stack gap="4" borderWidth="1px" borderRadius="xl" bg="surface" p={{ base: "4", md: "6" }}>
            <Text fontSize="sm" color="fg.muted" data-testid="metadata-status">
              {t(failed ? "status.failed" : read ? "status.read" : "status.reading")}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {TEXT_FIELDS.map((f) =>
                f.key === "keywords" ? (
                  <Field.Root key={f.key}>
                    <Field.Label>{t(`field.${f.key}`)}</Field.Label>
                    <Textarea
                      size="sm"
                      rows={2}
                      value={values[f.key]}
                      onChange={(e) => set(f.key)(e.currentTarget.value)}
                    />
                  </Field.Root>
                ) : (
                  <Field.Root key={f.key}>
                    <Field.Label>{t(`field.${f.key}`)}</Field.Label>
                    <Input size="sm" value={values[f.key]} onChange={(e) => set(f.key)(e.currentTarget.value)} />
                  </Field.Root>
                ),
              )}
              {DATE_FIELDS.map((f) => (
                <Field.Root key={f.key}>
                  <Field.Label>{t(`field.${f.key}`)}</Field.Label>
                  <Input
                    size="sm"
                    type="datetime-local"
                    value={values[f.key]}
                    onChange={(e) => set(f.key)(e.currentTarget.value)}
                  />
                </Field.Root>
              ))}
            </SimpleGrid>
            <Text fontSize="xs" color="fg.muted">
              {t("xmpNote")}
            </Text>
            <HStack justify="space-between" wrap="wrap" gap="3">
              {!noneLeft && (
                <Button variant="outline" onClick={() => run(true)} loading={queue.busy}>
                  <LuEraser aria-hidden /> {t("removeAll")}
                </Button>
              )}
              <RunButton tool={tool} onClick={() => run(false)} loading={queue.busy}>
                <LuSave aria-hidden /> {t("save")}
              </RunButton>
            </HStack>
          </Stack>
        )}
      </Stack>
    </ToolLayout>
  );
}
