/**
 * Where an image watermark (a logo) goes on a page, said once for the Worker that draws it and the
 * page that previews it. Sizes are in the page's units as a reader sees the page (after its
 * /Rotate), origin at the bottom left, y up; rotation is in degrees, counter-clockwise.
 */

export const LOGO_POSITIONS = ["center", "top-left", "top-right", "bottom-left", "bottom-right", "tiled"] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

export interface LogoChoice {
  position: LogoPosition;
  /** 5 to 100: the logo fits a box this share (percent) of the page's width and height. */
  scale: number;
  /** -180 to 180. */
  rotation: number;
}

export interface LogoLayout {
  width: number;
  height: number;
  /** The centre of each copy (one, or a tiling that covers the page). */
  centres: [number, number][];
}

/** A page holds at most this many tiles; a smaller logo is spaced wider rather than drawn more. */
export const MAX_TILES = 400;

export function logoLayout(
  page: { width: number; height: number },
  logo: { width: number; height: number },
  choice: LogoChoice,
): LogoLayout {
  const share = Math.min(100, Math.max(1, choice.scale)) / 100;
  const fit = Math.min((page.width * share) / logo.width, (page.height * share) / logo.height);
  const width = logo.width * fit;
  const height = logo.height * fit;
  const turn = (choice.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(turn));
  const sin = Math.abs(Math.sin(turn));
  // Half the extent of the turned logo, across and up.
  const ex = (width * cos + height * sin) / 2;
  const ey = (width * sin + height * cos) / 2;
  const margin = 0.04 * Math.min(page.width, page.height);
  if (choice.position === "tiled") {
    // A brick pattern from the page's centre outwards, a logo's width (or height) apart.
    let stepX = 2 * ex + Math.max(ex, ey);
    let stepY = 2 * ey + Math.max(ex, ey);
    const span = () => ({
      rows: Math.ceil((page.height / 2 + ey) / stepY),
      cols: Math.ceil((page.width / 2 + ex) / stepX) + 1,
    });
    while ((2 * span().rows + 1) * (2 * span().cols + 1) > MAX_TILES) {
      stepX *= 1.25;
      stepY *= 1.25;
    }
    const { rows, cols } = span();
    const centres: [number, number][] = [];
    for (let r = -rows; r <= rows; r++) {
      const cy = page.height / 2 + r * stepY;
      if (cy + ey <= 0 || cy - ey >= page.height) continue;
      const shift = (Math.abs(r) % 2) * (stepX / 2);
      for (let c = -cols; c <= cols; c++) {
        const cx = page.width / 2 + shift + c * stepX;
        if (cx + ex > 0 && cx - ex < page.width) centres.push([cx, cy]);
      }
    }
    return { width, height, centres };
  }
  const [vertical, horizontal] =
    choice.position === "center" ? ["middle", "center"] : (choice.position.split("-") as [string, string]);
  const room = (extent: number, side: number) => 2 * (extent + margin) <= side;
  const cx =
    horizontal === "left" && room(ex, page.width)
      ? margin + ex
      : horizontal === "right" && room(ex, page.width)
        ? page.width - margin - ex
        : page.width / 2;
  const cy =
    vertical === "top" && room(ey, page.height)
      ? page.height - margin - ey
      : vertical === "bottom" && room(ey, page.height)
        ? margin + ey
        : page.height / 2;
  return { width, height, centres: [[cx, cy]] };
}
