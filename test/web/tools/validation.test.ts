import { describe, expect, it } from "vitest";
import { toolsById } from "../../../schema/tools";
import { fileExtension, validateFile, validationToastTitle } from "../../../web/tools/validation";
import { pdf } from "./helpers";

describe("generic upload validation (spec section 5)", () => {
  it("compares the lower-cased extension with the tool's accepted list", () => {
    expect(fileExtension("Report.Final.PDF")).toBe("pdf");
    expect(validateFile(pdf("scan.PDF"), toolsById["merge-pdf"])).toBeNull();
    expect(validateFile(pdf("photo.JPEG"), toolsById["jpg-to-pdf"])).toBeNull();
    expect(validateFile(pdf("photo.webp"), toolsById["jpg-to-pdf"])).toBeNull();
    expect(validateFile(pdf("photo.gif"), toolsById["jpg-to-pdf"])).toBe(
      "File type .gif is not supported. Accepted types: .jpg, .jpeg, .png, .webp",
    );
    // As the server reads it: a name without an extension goes by its declared type, if the tool takes it.
    expect(validateFile(pdf("README"), toolsById["merge-pdf"])).toBeNull();
    expect(validateFile(new File(["x"], "README", { type: "text/plain" }), toolsById["merge-pdf"])).toBe(
      "File type (none) is not supported. Accepted types: .pdf",
    );
  });

  it("limits the size to the tool's MB, or 10 MB when a tool sets none", () => {
    const mb = 1024 * 1024;
    expect(validateFile(pdf("a.pdf", 25 * mb), toolsById["merge-pdf"])).toBeNull();
    expect(validateFile(pdf("a.pdf", 25 * mb + 1), toolsById["merge-pdf"])).toBe("File size exceeds 25MB limit");
    const unset = { accept: [".pdf"], maxSizeMB: 0 };
    expect(validateFile(pdf("a.pdf", 10 * mb + 1), unset)).toBe("File size exceeds 10MB limit");
  });

  it("titles the toast 'Invalid file' for images and protect, 'File validation error' otherwise", () => {
    expect(validationToastTitle(toolsById["jpg-to-pdf"])).toBe("Invalid file");
    expect(validationToastTitle(toolsById["compress-image"])).toBe("Invalid file");
    expect(validationToastTitle(toolsById["protect-pdf"])).toBe("Invalid file");
    expect(validationToastTitle(toolsById["merge-pdf"])).toBe("File validation error");
    expect(validationToastTitle(toolsById["rotate-pdf"])).toBe("File validation error");
  });
});
