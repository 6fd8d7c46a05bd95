import { describe, expect, it } from "vitest";
import { build, stream } from "../pdf/stream-builder";
import { oracle, render } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * Streams behind LZW, RunLength or the ASCII encodings are deflated like uncompressed ones, at
 * every level: qpdf's image-streams.pdf kept two 750 KB pages of flat colour bands in RunLength's
 * literal runs. qpdf says the filter, poppler that every pixel is the same.
 */

const W = 480;
const H = 360;

describe("weakly compressed streams", () => {
  it("a RunLength image is deflated, every pixel kept", { timeout: 60_000 }, async () => {
    // qpdf's image-streams.pdf: flat bands stored in RunLength's literal runs, 100% of their size.
    const raw = new Uint8Array(W * H * 3);
    for (let i = 0; i < W * H; i++)
      raw.set(
        [
          [0, 174, 239],
          [236, 0, 140],
          [255, 242, 0],
        ][Math.floor(i / W / 120)],
        i * 3,
      );
    const runs: number[] = [];
    for (let i = 0; i < raw.length; i += 128) runs.push(Math.min(128, raw.length - i) - 1, ...raw.subarray(i, i + 128));
    runs.push(128);
    const rl = new Uint8Array(runs);
    const body = stream(
      `<< /Type /XObject /Subtype /Image /Width ${W} /Height ${H} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /RunLengthDecode /Length ${rl.length} >>`,
      rl,
      "\n",
    );
    const draw = "q 288 0 0 216 20 80 cm /Im0 Do Q";
    const file = build(
      [
        [1, "<< /Type /Catalog /Pages 2 0 R >>"],
        [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
        [
          3,
          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 340 320] /Contents 4 0 R /Resources << /XObject << /Im0 10 0 R >> >> >>",
        ],
        [4, stream(`<< /Length ${draw.length} >>`, draw, "\n")],
        [10, body],
      ],
      "/Root 1 0 R",
    );
    const { out } = await compress(file, { level: "low" }, "runlength.pdf");
    expect(out.length).toBeLessThan(file.length / 4);
    const shown = await oracle("qpdf", ["--show-object=10", "{in}"], out);
    expect(shown.stdout).toMatch(/\/Filter \/FlateDecode/);
    const [a, b] = [await render(file), await render(out)];
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });
});
