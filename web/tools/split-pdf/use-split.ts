import { useCallback, useEffect, useRef, useState } from "react";
import type { ConvertedFile } from "../../../schema/api";
import { MAX_FILE_SIZE_MB, toolsById } from "../../../schema/tools";
import { ApiError } from "../../api/client";
import { isAbort, type PageJob, resultFiles, uploadFailureMessage, useAnalyzePdf, usePageJob } from "../../api/convert";
import { offerFor } from "../../device/offer";
import { useAllowanceGuard } from "../../session/allowance";
import { toast } from "../../ui/toaster";
import { needsPassword, passwordOpens } from "../locked-pdf";
import { messages } from "../messages";
import { contentCheck, sizeLimitMB } from "../validation";

const m = messages.split;

/** Spec section 3, split document, plus the job's outputs and the server's reason for a failure. */
export interface SplitDocument {
  file: File;
  id: string;
  /** `locked`: an encrypted file waiting for its password before it is analyzed. */
  status: "uploading" | "locked" | "analyzing" | "ready" | "processing" | "completed" | "error";
  /** The password that opens the file (checked with pdf.js), sent with each request. */
  password?: string;
  progress: number;
  pages: { pageNumber: number; selected: boolean }[];
  error?: string;
  /** What the server said went wrong, when it said something a person can act on. */
  detail?: string;
  resultUrl?: string;
  job?: PageJob;
  results?: ConvertedFile[];
}

/** Spec section 9: the simulated upload progress ticks every 300 ms. */
export const UPLOAD_TICK_MS = 300;
const UPLOAD_STEP = 25;

export function useSplit() {
  const [doc, setDoc] = useState<SplitDocument | null>(null);
  const docRef = useRef(doc);
  docRef.current = doc;
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const analyze = useAnalyzePdf();
  const pageJob = usePageJob();
  const guard = useAllowanceGuard();
  const guardRef = useRef(guard);
  guardRef.current = guard;

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const patch = useCallback((id: string, next: Partial<SplitDocument>) => {
    setDoc((d) => (d && d.id === id ? { ...d, ...next } : d));
  }, []);

  const runAnalysis = useCallback(
    async (id: string, file: File, password?: string) => {
      const ctrl = new AbortController();
      controller.current = ctrl;
      patch(id, { status: "analyzing", progress: 100 });
      // Its bytes first: a file that is no PDF at all is said so without being sent.
      const problem =
        password === undefined ? await contentCheck(file, toolsById["split-pdf"]).catch(() => null) : null;
      if (problem) {
        if (ctrl.signal.aborted) return;
        patch(id, { status: "error", error: m.analyzeFailed, detail: problem.message });
        toast({ title: m.analyzeToastTitle, description: problem.message, variant: "destructive" });
        return;
      }
      if (password === undefined && (await needsPassword(file).catch(() => false))) {
        if (!ctrl.signal.aborted) patch(id, { status: "locked" });
        return;
      }
      try {
        const pageCount = await analyze.mutateAsync({ file, signal: ctrl.signal, password });
        const pages = Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, selected: false }));
        patch(id, { status: "ready", pages });
        toast({ title: m.analyzed });
      } catch (err) {
        if (isAbort(err)) return;
        const detail = err instanceof ApiError ? err.serverError : undefined;
        if (err instanceof ApiError && (err.code === "password_required" || err.code === "password_incorrect")) {
          // A password pdf.js accepted and the server did not: asked for again, with its reason.
          patch(id, { status: "locked", detail });
          return;
        }
        patch(id, { status: "error", error: m.analyzeFailed, detail });
        // The file's own problem (not a PDF, damaged) is said as the server says it; "try again" is
        // for failures that trying again can mend.
        const ownProblem = err instanceof ApiError && err.status >= 400 && err.status < 500 && detail;
        toast({
          title: m.analyzeToastTitle,
          description: ownProblem ? detail : m.analyzeToastDescription,
          variant: "destructive",
          ...(err instanceof ApiError ? offerFor({ error: err }, () => selectRef.current(file)) : {}),
        });
      }
    },
    [analyze.mutateAsync, patch],
  );

  const select = useCallback(
    (file: File) => {
      if (!file.type.includes("pdf")) {
        toast({ title: m.invalidTypeTitle, description: m.invalidTypeDescription, variant: "destructive" });
        return;
      }
      const limit = sizeLimitMB(toolsById["split-pdf"]);
      if (file.size > limit * 1024 * 1024) {
        const problem = `File size exceeds ${limit}MB limit`;
        toast({
          title: m.tooLargeTitle,
          description: limit === MAX_FILE_SIZE_MB ? m.tooLargeDescription : problem,
          variant: "destructive",
          ...offerFor({ sizeProblem: problem }, () => selectRef.current(file)),
        });
        return;
      }
      stop();
      const id = `split-${Date.now().toString(36)}`;
      setDoc({ file, id, status: "uploading", progress: 0, pages: [] });
      let progress = 0;
      timer.current = setInterval(() => {
        progress = Math.min(100, progress + UPLOAD_STEP);
        patch(id, { progress });
        if (progress < 100) return;
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
        void runAnalysis(id, file);
      }, UPLOAD_TICK_MS);
    },
    [patch, runAnalysis, stop],
  );
  // The device offer runs the choice again once the switch is on (select itself is defined above).
  const selectRef = useRef(select);
  selectRef.current = select;

  /** Tries the locked file's password; when it opens the file, the file is analyzed with it. */
  const unlock = useCallback(
    async (password: string) => {
      const current = docRef.current;
      if (current?.status !== "locked" || !(await passwordOpens(current.file, password))) return false;
      patch(current.id, { password, detail: undefined });
      void runAnalysis(current.id, current.file, password);
      return true;
    },
    [patch, runAnalysis],
  );

  const setPages = useCallback((fn: (p: SplitDocument["pages"]) => SplitDocument["pages"]) => {
    setDoc((d) => (d && d.status === "ready" ? { ...d, pages: fn(d.pages) } : d));
  }, []);
  const toggle = (pageNumber: number) =>
    setPages((ps) => ps.map((p) => (p.pageNumber === pageNumber ? { ...p, selected: !p.selected } : p)));
  const selectAll = () => setPages((ps) => ps.map((p) => ({ ...p, selected: true })));
  const deselectAll = () => setPages((ps) => ps.map((p) => ({ ...p, selected: false })));
  const selectPages = (wanted: number[]) => {
    const set = new Set(wanted);
    setPages((ps) => ps.map((p) => ({ ...p, selected: set.has(p.pageNumber) })));
  };

  const run = useCallback(
    async (job: PageJob) => {
      const current = docRef.current;
      if (current?.status !== "ready") return;
      const selected = current.pages.filter((p) => p.selected).map((p) => p.pageNumber);
      if (selected.length === 0) {
        const description = job === "extract" ? m.noPagesExtract : m.noPagesSplit;
        toast({ title: m.noPagesTitle, description, variant: "destructive" });
        return;
      }
      if (!guardRef.current.check()) return;
      const ctrl = new AbortController();
      controller.current = ctrl;
      patch(current.id, { status: "processing", job, error: undefined, detail: undefined });
      try {
        const res = await pageJob.mutateAsync({
          job,
          file: current.file,
          pages: selected,
          signal: ctrl.signal,
          password: current.password,
        });
        const results = resultFiles(res).filter((f) => f.status !== "error" && f.downloadUrl);
        if (results.length === 0) throw new Error("no output");
        // Split answers one PDF per page plus a ZIP of them all; the ZIP is the result to offer first.
        const main = results.find((f) => f.convertedName?.toLowerCase().endsWith(".zip")) ?? results[0];
        patch(current.id, { status: "completed", progress: 100, results, resultUrl: main.downloadUrl });
        const title = job === "extract" ? m.extracted : messages.processed;
        toast({ title, description: res.message && res.message !== title ? res.message : undefined });
        void guardRef.current.afterConversion();
      } catch (err) {
        if (isAbort(err)) return;
        const detail = err instanceof ApiError ? uploadFailureMessage(err) : undefined;
        const error = job === "extract" ? m.extractFailed : m.splitFailed;
        patch(current.id, { status: "error", error, detail });
        toast({
          title: job === "extract" ? m.extractToastTitle : m.splitToastTitle,
          description: detail ?? error,
          variant: "destructive",
        });
      }
    },
    [pageJob.mutateAsync, patch],
  );

  /** Cancel (until completed), Split Another PDF and Try Again all return to no file. */
  const reset = useCallback(() => {
    stop();
    setDoc(null);
  }, [stop]);

  return { doc, select, unlock, toggle, selectAll, deselectAll, selectPages, run, reset };
}
