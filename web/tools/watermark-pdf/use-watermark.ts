import { useEffect, useRef, useState } from "react";
import { convertPath } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import type { LogoChoice, LogoPosition } from "../../../schema/watermark-layout";
import { formFailureMessage, isAbort, useConversion } from "../../api/convert";
import { offerFor } from "../../device/offer";
import { useAllowanceGuard } from "../../session/allowance";
import { toast } from "../../ui/toaster";
import { needsPassword, passwordFields, passwordOpens } from "../locked-pdf";
import { messages } from "../messages";
import { remediesFor } from "../refusal";
import type { Remedy } from "../upload-items";
import { contentCheck, fileProblem } from "../validation";

const m = messages.watermark;
const tool = toolsById["watermark-pdf"];
const MB = 1024 * 1024;
let counter = 0;
export const OPACITY = { min: 0.1, max: 1, step: 0.1, initial: 0.3 } as const;
export const LOGO_LIMIT_MB = 5;
const LOGO_TYPES = ["image/png", "image/jpeg"];

export interface WatermarkEntry {
  id: string;
  file: File;
  /** An encrypted PDF waiting for its password. */
  locked?: boolean;
  /** Its password, checked with pdf.js. */
  password?: string;
  /** A file the tool does not take (type, size, content), listed with its reason and what to do. */
  refused?: { message: string; remedies: Remedy[] };
}

/**
 * The watermark form (spec section 5): PDFs, text (default CONFIDENTIAL), opacity 0.1-1 (default
 * 0.3); or, instead of the text, an image (a PNG or JPEG logo) centred, in a corner or tiled,
 * scaled and turned. Encrypted PDFs ask for their password before anything is sent.
 */
export function useWatermark() {
  const [entries, setEntries] = useState<WatermarkEntry[]>([]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const [mode, setMode] = useState<"text" | "image">("text");
  const [logo, setLogoState] = useState<File | null>(null);
  const [logoChoice, setLogoChoice] = useState<LogoChoice>({ position: "center", scale: 40, rotation: 0 });
  // Refused files stay listed but are no part of the job.
  const working = entries.filter((e) => !e.refused);
  const files = working.map((e) => e.file);
  const [text, setTextState] = useState<string>(m.defaultText);
  const [opacity, setOpacity] = useState<number>(OPACITY.initial);
  const [textError, setTextError] = useState<string>();
  const mutation = useConversion();
  const guard = useAllowanceGuard();
  /** The run in flight: leaving the page or changing the files cancels it (the server then counts nothing). */
  const running = useRef<AbortController | null>(null);
  const cancel = () => {
    running.current?.abort();
    running.current = null;
  };
  useEffect(() => () => running.current?.abort(), []);

  const addFiles = (list: readonly File[]) => {
    const problems = list.map((f) => fileProblem(f, tool));
    if (problems.some((p) => p?.kind === "type")) {
      toast({ title: m.invalidFilesTitle, description: m.invalidFilesDescription, variant: "destructive" });
    }
    // Spec section 9: 25 MB for every tool, checked here rather than after a wasted upload.
    const tooBig = list.filter((_, i) => problems[i]?.kind === "size");
    const sizeProblem = problems.find((p) => p?.kind === "size");
    if (sizeProblem) {
      toast({
        title: m.invalidFilesTitle,
        description: sizeProblem.message,
        variant: "destructive",
        ...offerFor({ sizeProblem: sizeProblem.message }, () => addFiles(tooBig)),
      });
    }
    const added: WatermarkEntry[] = list.map((file, i) => {
      const problem = problems[i];
      return {
        id: `wm-${++counter}`,
        file,
        ...(problem ? { refused: { message: problem.message, remedies: remediesFor(problem, file, tool) } } : {}),
      };
    });
    // A refused file added again (after switching to this device) replaces its old row.
    const again = new Set(list);
    setEntries((prev) => [...prev.filter((e) => !(e.refused && again.has(e.file))), ...added]);
    mutation.reset();
    for (const a of added.filter((e) => !e.refused)) {
      void (async () => {
        // Its bytes first: only a file that is not what its name says is refused, the others go on.
        const wrong = await contentCheck(a.file, tool).catch(() => null);
        if (wrong) {
          setEntries((prev) =>
            prev.map((e) => (e.id === a.id ? { ...e, refused: { message: wrong.message, remedies: [] } } : e)),
          );
          toast({ title: m.invalidFilesTitle, description: wrong.message, variant: "destructive" });
          return;
        }
        if (await needsPassword(a.file).catch(() => false)) {
          setEntries((prev) => prev.map((e) => (e.id === a.id ? { ...e, locked: true } : e)));
        }
      })();
    }
  };

  /** Tries a locked file's password; true when it opens the file. */
  const unlock = async (id: string, password: string) => {
    const entry = entriesRef.current.find((e) => e.id === id);
    if (!entry || !(await passwordOpens(entry.file, password))) return false;
    setEntries((prev) => prev.map((e) => (e.id === id ? { ...e, locked: false, password } : e)));
    return true;
  };

  /** The logo: a PNG or JPEG up to 5 MB. */
  const setLogo = (file: File | null) => {
    if (file && !LOGO_TYPES.includes(file.type)) {
      toast({ title: m.logoInvalidTitle, description: m.logoInvalidType, variant: "destructive" });
      return;
    }
    if (file && file.size > LOGO_LIMIT_MB * MB) {
      toast({ title: m.logoInvalidTitle, description: m.logoTooLarge(LOGO_LIMIT_MB), variant: "destructive" });
      return;
    }
    setLogoState(file);
    mutation.reset();
  };
  const setPosition = (position: LogoPosition) => setLogoChoice((c) => ({ ...c, position }));
  const setScale = (scale: number) => setLogoChoice((c) => ({ ...c, scale }));
  const setRotation = (rotation: number) => setLogoChoice((c) => ({ ...c, rotation }));

  const removeFile = (id: string) => {
    cancel();
    setEntries((prev) => prev.filter((e) => e.id !== id));
    mutation.reset();
  };

  const setText = (value: string) => {
    setTextState(value);
    if (value.trim().length > 0) setTextError(undefined);
  };

  const submit = () => {
    if (mode === "text" && text.trim().length < 1) {
      setTextError(m.textRequired);
      return;
    }
    if (mode === "image" && !logo) {
      toast({ title: m.logoMissing, variant: "destructive" });
      return;
    }
    if (files.length === 0) {
      toast({ title: m.noFiles, variant: "destructive" });
      return;
    }
    const locked = working.find((e) => e.locked);
    if (locked) {
      toast({
        title: messages.locked.title,
        description: messages.locked.description(locked.file.name),
        variant: "destructive",
      });
      return;
    }
    if (!guard.check(tool, files.length)) return;
    // Opacity travels as text, one decimal, as the slider shows it.
    const common = { opacity: opacity.toFixed(1), ...passwordFields(working.map((e) => e.password)) };
    const image = mode === "image" && logo;
    cancel();
    const controller = new AbortController();
    running.current = controller;
    mutation.mutate(
      {
        path: convertPath("watermark-pdf"),
        files,
        fields: image
          ? {
              ...common,
              position: logoChoice.position,
              scale: String(logoChoice.scale),
              rotation: String(logoChoice.rotation),
            }
          : { watermarkText: text, ...common },
        options: {
          auth: false,
          attachments: image ? { watermarkImage: logo } : undefined,
          signal: controller.signal,
        },
      },
      {
        onSuccess: (res) => {
          toast({ title: res.message || m.completed });
          void guard.afterConversion();
        },
        onError: (err) =>
          !isAbort(err) &&
          toast({
            title: m.errorTitle,
            description: formFailureMessage(err, m.fallback),
            variant: "destructive",
            // The page's button runs it again, now on this device.
            ...offerFor({ error: err }, () => {}),
          }),
      },
    );
  };

  const clear = () => {
    cancel();
    setEntries([]);
    mutation.reset();
  };

  return {
    files,
    entries,
    /** The files the job works on, with their passwords (refused ones left out). */
    working,
    addFiles,
    removeFile,
    clear,
    text,
    setText,
    textError,
    opacity,
    setOpacity,
    mode,
    setMode,
    logo,
    setLogo,
    logoChoice,
    setPosition,
    setScale,
    setRotation,
    unlock,
    submit,
    mutation,
  };
}
