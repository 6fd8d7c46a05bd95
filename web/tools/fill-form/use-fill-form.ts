import { useCallback, useEffect, useRef, useState } from "react";
import type { ConvertedFile } from "../../../schema/api";
import type { FormField } from "../../../schema/form-options";
import { toolsById } from "../../../schema/tools";
import { ApiError } from "../../api/client";
import { isAbort, resultFiles, uploadFailureMessage, useConversion } from "../../api/convert";
import { offerFor } from "../../device/offer";
import { useAllowanceGuard } from "../../session/allowance";
import { toast } from "../../ui/toaster";
import { needsPassword, passwordOpens } from "../locked-pdf";
import { messages } from "../messages";
import { contentCheck, validateFile, validationToastTitle } from "../validation";
import { FILL_FORM_PATH, useFormFields } from "./api";
import { type FormValues, initialValues } from "./values";

const tool = toolsById["fill-form"];

/**
 * One form being filled: `locked` waits for its password, `reading` asks the server for its
 * fields, `refused` is a file the tool cannot fill (an XFA-only form, a damaged file), `ready`
 * shows the form (it has no fields when `fields` is empty), `processing` and `completed` the fill.
 */
export interface FormDocument {
  id: string;
  file: File;
  status: "locked" | "reading" | "refused" | "ready" | "processing" | "completed";
  password?: string;
  pageCount: number;
  fields: FormField[];
  /** Why the file was refused, or why the server asked for the password again. */
  detail?: string;
  /** The last fill's failure, shown until the next try. */
  error?: string;
  results?: ConvertedFile[];
  /** The result to download first: the one PDF, or the ZIP of a mail merge. */
  main?: ConvertedFile;
}

let counter = 0;

export function useFillForm() {
  const [doc, setDoc] = useState<FormDocument | null>(null);
  const docRef = useRef(doc);
  docRef.current = doc;
  const [values, setValues] = useState<FormValues>({});
  const controller = useRef<AbortController | null>(null);
  /** The file being worked on, set at once (docRef follows renders). */
  const currentId = useRef<string | null>(null);
  const read = useFormFields();
  const conversion = useConversion();
  const guard = useAllowanceGuard();
  const guardRef = useRef(guard);
  guardRef.current = guard;

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const patch = useCallback((id: string, next: Partial<FormDocument>) => {
    setDoc((d) => (d && d.id === id ? { ...d, ...next } : d));
  }, []);

  const readFields = useCallback(
    async (id: string, file: File, password?: string) => {
      const ctrl = new AbortController();
      controller.current = ctrl;
      patch(id, { status: "reading", detail: undefined });
      try {
        const answer = await read.mutateAsync({ file, password, signal: ctrl.signal });
        setValues(initialValues(answer.fields));
        patch(id, { status: "ready", fields: answer.fields, pageCount: answer.pageCount });
      } catch (err) {
        if (isAbort(err)) return;
        const code = err instanceof ApiError ? err.code : undefined;
        if (code === "password_required" || code === "password_incorrect") {
          patch(id, { status: "locked", detail: err instanceof ApiError ? err.serverError : undefined });
          return;
        }
        const detail =
          err instanceof ApiError ? uploadFailureMessage(err) : "The form could not be read. Please try again.";
        patch(id, { status: "refused", detail });
      }
    },
    [read.mutateAsync, patch],
  );

  const select = useCallback(
    async (file: File) => {
      const problem = validateFile(file, tool);
      if (problem) {
        toast({
          title: validationToastTitle(tool),
          description: problem,
          variant: "destructive",
          ...offerFor({ sizeProblem: problem }, () => void selectRef.current(file)),
        });
        return;
      }
      stop();
      const id = `form-${++counter}`;
      currentId.current = id;
      setValues({});
      setDoc({ id, file, status: "reading", pageCount: 0, fields: [] });
      // Its bytes first: a file that is no PDF at all is refused without being sent.
      const wrong = await contentCheck(file, tool).catch(() => null);
      if (wrong) {
        patch(id, { status: "refused", detail: wrong.message });
        return;
      }
      if (await needsPassword(file).catch(() => false)) {
        patch(id, { status: "locked" });
        return;
      }
      if (currentId.current === id) void readFields(id, file);
    },
    [patch, readFields, stop],
  );
  // The device offer chooses the file again once the switch is on.
  const selectRef = useRef(select);
  selectRef.current = select;

  /** Tries the locked file's password; when it opens the file, its form is read with it. */
  const unlock = useCallback(
    async (password: string) => {
      const current = docRef.current;
      if (current?.status !== "locked" || !(await passwordOpens(current.file, password))) return false;
      patch(current.id, { password });
      void readFields(current.id, current.file, password);
      return true;
    },
    [patch, readFields],
  );

  /** Sends the form with `fields` (values, data, flatten...); the answer's main file is offered first. */
  const run = useCallback(
    async (fields: Record<string, string>) => {
      const current = docRef.current;
      if (current?.status !== "ready" || !guardRef.current.check()) return;
      const ctrl = new AbortController();
      controller.current = ctrl;
      patch(current.id, { status: "processing", error: undefined });
      try {
        const res = await conversion.mutateAsync({
          path: FILL_FORM_PATH,
          files: [current.file],
          fields: { ...fields, ...(current.password === undefined ? {} : { password: current.password }) },
          options: { auth: true, signal: ctrl.signal },
        });
        const results = resultFiles(res).filter((f) => f.status !== "error" && f.downloadUrl);
        if (results.length === 0) throw new Error(resultFiles(res)[0]?.error ?? messages.processingFailed);
        const zip = results.find((f) => f.convertedName?.toLowerCase().endsWith(".zip"));
        const main = results.find((f) => f.downloadUrl === res.file?.downloadUrl) ?? zip ?? results[0];
        patch(current.id, { status: "completed", results, main });
        toast({ title: res.message || messages.processed });
        void guardRef.current.afterConversion();
      } catch (err) {
        if (isAbort(err)) return;
        const message = err instanceof ApiError ? uploadFailureMessage(err) : (err as Error).message;
        patch(current.id, { status: "ready", error: message || messages.processingFailed });
        const limited = err instanceof ApiError && err.status === 429;
        toast({
          title: messages.processingFailed,
          description: message,
          variant: "destructive",
          // At the limit: Premium; too big for the edge: the Fill button runs it again, on this device.
          action:
            limited && message.includes("Premium")
              ? guardRef.current.upgradeAction()
              : offerFor({ error: err }, () => {}).action,
        });
        if (limited) void guardRef.current.afterConversion();
      }
    },
    [conversion.mutateAsync, patch],
  );

  /** Back to the form after a fill, with its values kept: to fill it again differently. */
  const edit = useCallback(() => {
    const current = docRef.current;
    if (current?.status === "completed") patch(current.id, { status: "ready", results: undefined, main: undefined });
  }, [patch]);

  const reset = useCallback(() => {
    stop();
    currentId.current = null;
    setDoc(null);
    setValues({});
  }, [stop]);

  return { doc, values, setValues, select, unlock, run, edit, reset };
}
