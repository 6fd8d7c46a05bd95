import { useEffect, useState } from "react";
import { formatPercent } from "../../i18n/format";
import { useLocale, useT } from "../../i18n/provider";
import { CompareView, type Side } from "./compare-view";
import { useBlobUrl, useResultBlob } from "./result-blob";
import type { Size } from "./view-math";

/** An image's size as the browser shows it: EXIF orientation applied (image-orientation: from-image, the default). */
function probe(url: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve({ w: img.naturalWidth, h: img.naturalHeight }) : reject());
    img.onerror = () => reject(new Error("undecodable"));
    img.src = url;
  });
}

/** Up to 16 screen pixels per image pixel: enough to see every block of a JPEG. */
const MAX_SCALE = 16;

/**
 * The original image (from the file in memory) and the compressed one (fetched, or in memory when
 * made on this device), compared over the same region. The result is already upright (the engine
 * applies EXIF orientation); the browser turns the original the same way.
 */
export function ImageCompare({ original, resultUrl }: { original: File; resultUrl: string | undefined }) {
  const t = useT("compress-image");
  const tv = useT("compress-pdf");
  const locale = useLocale();
  const result = useResultBlob(resultUrl);
  const beforeUrl = useBlobUrl(original);
  const afterUrl = useBlobUrl(result.blob);
  const [size, setSize] = useState<Size | null>(null);
  const [undecodable, setUndecodable] = useState(false);

  useEffect(() => {
    setSize(null);
    setUndecodable(false);
    if (!beforeUrl || !afterUrl) return;
    let cancelled = false;
    Promise.all([probe(beforeUrl), probe(afterUrl)])
      // Both sides are drawn in the original's frame (a result of another size is stretched to it).
      .then(([before]) => !cancelled && setSize(before))
      .catch(() => !cancelled && setUndecodable(true));
    return () => {
      cancelled = true;
    };
  }, [beforeUrl, afterUrl]);

  const renderSide = (side: Side, place: { scale: number; x: number; y: number }) => {
    const src = side === "before" ? beforeUrl : afterUrl;
    if (!size || !src) return null;
    const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
    return (
      <img
        src={src}
        alt={side === "before" ? tv("view.original") : tv("view.compressed")}
        draggable={false}
        data-side={side}
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          width: size.w,
          height: size.h,
          maxWidth: "none",
          transformOrigin: "0 0",
          transform: `translate(${place.x}px, ${place.y}px) scale(${place.scale})`,
          // Past 2 device pixels per image pixel, show the pixels themselves: that is where artefacts are.
          imageRendering: place.scale * dpr > 2 ? "pixelated" : "auto",
        }}
      />
    );
  };

  return (
    <CompareView
      label={t("compare.label")}
      content={size}
      maxScale={MAX_SCALE}
      renderSide={renderSide}
      zoomLabel={(scale) => formatPercent(Math.round(scale * 100), locale)}
      problem={result.failed ? t("compare.failed") : undecodable ? t("compare.undecodable") : undefined}
    />
  );
}
