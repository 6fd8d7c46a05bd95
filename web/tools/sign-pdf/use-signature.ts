import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_SIGNATURE_MB } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import { translate } from "../../i18n/runtime";
import { toast } from "../../ui/toaster";
import { SCRIPT_FONTS, useScriptFonts } from "./fonts";
import {
  blobToDataUrl,
  dataUrlToBlob,
  exportStrokes,
  INK,
  type InkColour,
  imageOf,
  processUpload,
  renderTyped,
  type SignatureImage,
  UPLOAD_TYPES,
} from "./image";
import type { Stroke } from "./ink";
import { forgetSignature, recallSignature, rememberSignature } from "./remembered";

export type SignatureMode = "draw" | "type" | "upload" | "saved";
const MB = 1024 * 1024;

/**
 * The signature being made: drawn, typed or uploaded (each tab keeps its own), or the one this
 * browser remembers. `image` is the one in use; it is stored only while `remember` is on.
 */
export function useSignature() {
  const t = useT("sign-pdf");
  const [mode, setMode] = useState<SignatureMode>("draw");
  const [colour, setColour] = useState<InkColour>("black");
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [typed, setTyped] = useState("");
  const [fontId, setFontId] = useState(SCRIPT_FONTS[0].id);
  const [upload, setUploadFile] = useState<File | null>(null);
  const [clearWhite, setClearWhite] = useState(true);
  const [images, setImages] = useState<Partial<Record<SignatureMode, SignatureImage | null>>>({});
  const [remember, setRememberState] = useState(false);
  const fonts = useScriptFonts();
  const urls = useRef(new Set<string>());

  const put = useCallback((m: SignatureMode, img: SignatureImage | null) => {
    setImages((prev) => {
      const old = prev[m];
      if (old && old.url !== img?.url) {
        URL.revokeObjectURL(old.url);
        urls.current.delete(old.url);
      }
      if (img) urls.current.add(img.url);
      return { ...prev, [m]: img };
    });
  }, []);
  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const u of live) URL.revokeObjectURL(u);
    };
  }, []);

  // A remembered signature is ready to use as soon as the page opens.
  useEffect(() => {
    const stored = recallSignature();
    if (!stored) return;
    put("saved", imageOf(dataUrlToBlob(stored.dataUrl), stored.width, stored.height));
    setMode("saved");
    setRememberState(true);
  }, [put]);

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      void exportStrokes(strokes, INK[colour]).then((img) => live && put("draw", img));
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [strokes, colour, put]);

  useEffect(() => {
    if (fonts === "loading") return;
    let live = true;
    const family = SCRIPT_FONTS.find((f) => f.id === fontId)?.family ?? SCRIPT_FONTS[0].family;
    const t = setTimeout(() => {
      void renderTyped(typed, family, INK[colour]).then((img) => live && put("type", img));
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [typed, fontId, colour, fonts, put]);

  useEffect(() => {
    if (!upload) {
      put("upload", null);
      return;
    }
    let live = true;
    processUpload(upload, clearWhite).then(
      (img) => {
        if (!live) return;
        if (img.blob.size > MAX_SIGNATURE_MB * MB) {
          toast({
            title: translate("sign-pdf", "toast.tooLarge"),
            description: translate("sign-pdf", "toast.tooLargeText", { mb: MAX_SIGNATURE_MB }),
            variant: "destructive",
          });
          put("upload", null);
        } else put("upload", img);
      },
      (err: unknown) => {
        if (!live) return;
        // image.ts says why in English: a blank image is worded here, anything else is unreadable.
        const blank = err instanceof Error && err.message.startsWith("No signature");
        toast({
          title: translate("sign-pdf", "toast.notUsed"),
          description: translate("sign-pdf", blank ? "toast.blank" : "toast.unreadable"),
          variant: "destructive",
        });
        put("upload", null);
      },
    );
    return () => {
      live = false;
    };
  }, [upload, clearWhite, put]);

  const image = images[mode] ?? null;

  // While remembering, the signature in use is what the browser keeps.
  useEffect(() => {
    if (!remember || !image || mode === "saved") return;
    let live = true;
    void blobToDataUrl(image.blob).then((dataUrl) => {
      if (!live) return;
      if (!rememberSignature({ dataUrl, width: image.width, height: image.height })) {
        toast({
          title: translate("sign-pdf", "toast.notRemembered"),
          description: translate("sign-pdf", "toast.notRememberedText"),
          variant: "destructive",
        });
        setRememberState(false);
      }
    });
    return () => {
      live = false;
    };
  }, [remember, image, mode]);

  const setUpload = (file: File | null) => {
    if (file && !UPLOAD_TYPES.includes(file.type)) {
      toast({
        title: t("toast.notUsed"),
        description: t("toast.wrongType"),
        variant: "destructive",
      });
      return;
    }
    if (file && file.size > MAX_SIGNATURE_MB * MB) {
      toast({
        title: t("toast.tooLarge"),
        description: t("toast.tooLargeText", { mb: MAX_SIGNATURE_MB }),
        variant: "destructive",
      });
      return;
    }
    setUploadFile(file);
  };

  /** Forgets what is stored; the saved tab goes with it. */
  const forget = () => {
    forgetSignature();
    setRememberState(false);
    put("saved", null);
    if (mode === "saved") setMode("draw");
  };
  const setRemember = (on: boolean) => (on ? setRememberState(true) : forget());

  return {
    mode,
    setMode,
    colour,
    setColour,
    strokes,
    setStrokes,
    typed,
    setTyped,
    fontId,
    setFontId,
    fonts,
    upload,
    setUpload,
    clearWhite,
    setClearWhite,
    image,
    hasSaved: Boolean(images.saved),
    remember,
    setRemember,
    forget,
  };
}

export type SignatureState = ReturnType<typeof useSignature>;
