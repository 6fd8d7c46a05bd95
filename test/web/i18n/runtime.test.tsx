import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { localePath, splitLocalePath } from "../../../schema/locales";
import { ApiError } from "../../../web/api/client";
import { RoleBadge } from "../../../web/components/role-badge";
import { apiErrorText } from "../../../web/i18n/errors";
import { formatBytes, formatDateTime, formatNumber, formatPercent, formatRelative } from "../../../web/i18n/format";
import { alternateLinks, pageMeta } from "../../../web/i18n/head";
import { bestLocale, initialRedirect } from "../../../web/i18n/locale";
import { LanguageScope } from "../../../web/i18n/provider";
import { renderTags } from "../../../web/i18n/rich";
import { loadNamespace, runtimeOf } from "../../../web/i18n/runtime";
import { system } from "../../../web/theme/system";

describe("choosing the language", () => {
  it("takes the browser's best match, a sibling variant, else English", () => {
    expect(bestLocale(["de-AT", "en"])).toBe("de");
    expect(bestLocale(["pt-PT"])).toBe("pt-BR");
    expect(bestLocale(["zh-Hans-CN"])).toBe("zh-CN");
    expect(bestLocale(["zh-TW", "ja"])).toBe("ja");
    expect(bestLocale(["sv-SE", "fi"])).toBe("en");
    expect(bestLocale([])).toBe("en");
  });

  it("moves a first visit to its language, a stored choice wins, a prefixed URL is never moved", () => {
    const at = (pathname: string) => ({ pathname, search: "?x=1", hash: "#h" });
    expect(initialRedirect(at("/merge-pdf"), null, ["fr-FR"])).toBe("/fr/merge-pdf?x=1#h");
    expect(initialRedirect(at("/"), null, ["ar-EG"])).toBe("/ar?x=1#h");
    expect(initialRedirect(at("/merge-pdf"), "en", ["fr-FR"])).toBeNull();
    expect(initialRedirect(at("/merge-pdf"), "ja", ["en-US"])).toBe("/ja/merge-pdf?x=1#h");
    expect(initialRedirect(at("/de/merge-pdf"), "fr", ["ja"])).toBeNull();
    expect(initialRedirect(at("/merge-pdf"), null, ["en-US", "de"])).toBeNull();
  });

  it("maps paths to prefixes and back", () => {
    expect(splitLocalePath("/pt-br/merge-pdf")).toMatchObject({ locale: { tag: "pt-BR" }, path: "/merge-pdf" });
    expect(splitLocalePath("/zh-cn")).toMatchObject({ locale: { tag: "zh-CN" }, path: "/" });
    expect(splitLocalePath("/merge-pdf")).toMatchObject({ locale: { tag: "en" }, path: "/merge-pdf" });
    expect(localePath("de", "/")).toBe("/de");
    expect(localePath("en", "/all-tools")).toBe("/all-tools");
  });
});

describe("formatting in the visitor's language", () => {
  it("sizes: English keeps the site's units, others write their own", () => {
    expect(formatBytes(1.2 * 1024 * 1024, "en")).toBe("1.2 MB");
    expect(formatBytes(1.2 * 1024 * 1024, "de")).toBe("1,2 MB");
    expect(formatBytes(820 * 1024, "en")).toBe("820 KB");
    expect(formatBytes(12, "en")).toBe("12 B");
    expect(formatBytes(1.2 * 1024 * 1024, "fr")).toMatch(/^1,2[\s\u202f]Mo$/);
    expect(formatBytes(5 * 1024, "ru")).toMatch(/^5,0\s?кБ$/);
  });

  it("numbers, percentages, dates and relative times", () => {
    expect(formatNumber(12345.5, "de")).toBe("12.345,5");
    expect(formatPercent(42, "tr")).toBe("%42");
    const now = new Date("2026-11-26T10:00:00Z");
    expect(formatRelative(new Date("2026-11-26T13:00:00Z"), now, "en")).toBe("in 3 hours");
    expect(formatRelative(new Date("2026-11-24T10:00:00Z"), now, "de")).toBe("vorgestern");
    expect(formatRelative(new Date("2026-11-26T09:55:00Z"), now, "fr")).toBe("il y a 5 minutes");
    expect(formatDateTime("2026-11-26T10:00:00Z", "ja")).toMatch(/2026\/11\/26/);
  });
});

describe("error texts by code", () => {
  const answer = (body: object, status = 413) => new ApiError(status, "Payload Too Large", body, "x");

  it("English shows the API's own words; other languages the catalog's, filled from params", async () => {
    await loadNamespace("de", "errors");
    const err = answer({ error: "File size exceeds 25MB limit", code: "file_too_large", params: { limitMB: 25 } });
    expect(apiErrorText(err, "en")).toBe("File size exceeds 25MB limit");
    expect(apiErrorText(err, "de")).toBe("Die Datei überschreitet das Limit von 25 MB");
    const named = answer({ error: "a.pdf is damaged", code: "pdf_damaged", fileName: "a.pdf" }, 422);
    expect(apiErrorText(named, "de")).toBe("a.pdf ist beschädigt und kann nicht gelesen werden.");
    const login = answer({ error: "Invalid email or password", code: "unauthorized" }, 401);
    expect(apiErrorText(login, "de", { unauthorized: "falsch" })).toBe("falsch");
  });

  it("falls back to the API's words for a code it does not know, and says nothing for other errors", async () => {
    await loadNamespace("fr", "errors");
    expect(apiErrorText(answer({ error: "Something new", code: "brand_new" }), "fr")).toBe("Something new");
    expect(apiErrorText(new Error("boom"), "fr")).toBeUndefined();
  });
});

describe("page titles and alternates", () => {
  it("names each tool page in its language and lists every language plus x-default", async () => {
    await Promise.all([loadNamespace("de", "common"), loadNamespace("de", "tools")]);
    const t = runtimeOf("de");
    const meta = pageMeta(
      "/merge-pdf",
      false,
      (k, v) => t._(`common:${k}`, v),
      (k) => t._(`tools:${k}`),
    );
    expect(meta.title).toBe("PDF zusammenfügen | PDFTools");
    const links = alternateLinks("https://x.test", "/merge-pdf", "de");
    expect(links.filter((l) => l.rel === "alternate")).toHaveLength(15);
    expect(links).toContainEqual({ rel: "alternate", hreflang: "x-default", href: "https://x.test/merge-pdf" });
    expect(links).toContainEqual({ rel: "alternate", hreflang: "pt-BR", href: "https://x.test/pt-br/merge-pdf" });
    expect(links).toContainEqual({ rel: "canonical", hreflang: undefined, href: "https://x.test/de/merge-pdf" });
  });
});

describe("rendering in a language", () => {
  it("shows German words, and Arabic sets the page right to left", async () => {
    render(
      <ChakraProvider value={system}>
        <Suspense fallback={null}>
          <LanguageScope tag="de">
            <RoleBadge tier="free" />
          </LanguageScope>
        </Suspense>
      </ChakraProvider>,
    );
    expect(await screen.findByText("Kostenlos")).toBeTruthy();
    expect(document.documentElement.lang).toBe("de");
    expect(document.documentElement.dir).toBe("ltr");

    render(
      <ChakraProvider value={system}>
        <Suspense fallback={null}>
          <LanguageScope tag="ar">
            <RoleBadge tier="guest" />
          </LanguageScope>
        </Suspense>
      </ChakraProvider>,
    );
    expect(await screen.findByText("زائر")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("puts markup where the translation puts it", () => {
    const out = renderTags("Neu hier? <0>Konto erstellen</0>", [<b key="0" />]);
    const { container } = render(<p>{out}</p>);
    expect(container.innerHTML).toBe("<p>Neu hier? <b>Konto erstellen</b></p>");
  });
});
