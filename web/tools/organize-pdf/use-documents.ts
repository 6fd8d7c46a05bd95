import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { openPdf } from "../pdf-preview";
import type { UploadItem } from "../upload-items";

/**
 * pdf.js documents of the files on the list, in their order (absent while opening, "failed" when
 * it cannot). An encrypted file opens once its password is given (the queue holds it till then).
 */
export function useDocuments(items: UploadItem[], onOpened: (file: number, pages: number) => void) {
  const t = useT("organize-pdf");
  const [docs, setDocs] = useState<Map<File, PDFDocumentProxy | "failed">>(new Map());
  const opened = useRef(new Set<File>());
  const report = useRef(onOpened);
  report.current = onOpened;
  useEffect(() => {
    for (const [i, { file, status, filePassword }] of items.entries()) {
      if (status === "locked" || opened.current.has(file)) continue;
      opened.current.add(file);
      void openPdf(file, filePassword)
        .then((o) => o.doc)
        .then(
          (doc) => {
            setDocs((m) => new Map(m).set(file, doc));
            report.current(i, doc.numPages);
          },
          (err: { name?: string }) => {
            // Not yet known to be locked: tried again once its password is given.
            if (err?.name === "PasswordException") {
              opened.current.delete(file);
              return;
            }
            setDocs((m) => new Map(m).set(file, "failed"));
            toast({
              title: t("toast.cannotShow"),
              description: t("toast.cannotShowText", { name: file.name }),
              variant: "destructive",
            });
          },
        );
    }
  }, [items, t]);
  return docs;
}
