import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { onlineManager } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import {
  APP_AFTER_PAINT_SCRIPT,
  APP_AFTER_PAINT_SCRIPT_HASH,
  EARLY_INPUT_SCRIPT,
  EARLY_INPUT_SCRIPT_HASH,
  pageCsp,
  THEME_SCRIPT,
  THEME_SCRIPT_HASH,
} from "../../schema/security-headers";
import { pageHtml } from "../../web/prerender/html";
import type { RenderedPage } from "../../web/prerender/page";
import { holdUntilTakenOver, stopEarlyInput } from "../../web/prerender/take-over";
import { THEME_STORAGE_KEY } from "../../web/theme/color-mode";

/** Marks elements as React marks those it has taken over. */
function takenOverByReact(...els: Element[]): void {
  for (const el of els) Object.assign(el, { __reactFiber$test: {} });
}

/** A switch as a page draws it, off: a label holding its checkbox, in `<main>`, in a root on the page. */
function drawnSwitch(): { root: HTMLElement; label: HTMLLabelElement; box: HTMLInputElement } {
  const root = document.createElement("div");
  const main = document.createElement("main");
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  label.append(box, "Process on this device");
  main.append(label);
  root.append(main);
  document.body.append(root);
  return { root, label, box };
}

/** What a page needs before its first paint, and how the app takes a drawn page over. */
describe("the page before its script", () => {
  it("the inline scripts are allowed by their hashes, and the theme is read where the toggle keeps it", () => {
    for (const [script, hash] of [
      [THEME_SCRIPT, THEME_SCRIPT_HASH],
      [EARLY_INPUT_SCRIPT, EARLY_INPUT_SCRIPT_HASH],
      [APP_AFTER_PAINT_SCRIPT, APP_AFTER_PAINT_SCRIPT_HASH],
    ]) {
      expect(`sha256-${createHash("sha256").update(script).digest("base64")}`).toBe(hash);
      expect(pageCsp).toContain(`'${hash}'`);
    }
    expect(pageCsp).not.toContain("'unsafe-inline' 'wasm");
    expect(THEME_SCRIPT).toContain(`"${THEME_STORAGE_KEY}"`);
  });

  it("the theme script sets the stored theme, else the device's, on <html>", () => {
    const run = () => new Function(THEME_SCRIPT)();
    document.documentElement.className = "";
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    run();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe("dark");
    document.documentElement.className = "";
    localStorage.removeItem(THEME_STORAGE_KEY);
    run();
    // jsdom's matchMedia (test/web/setup.ts) matches nothing: a light device.
    expect(document.documentElement.classList.contains("light")).toBe(true);
  });

  it("a switch drawn off, pressed before the take-over, is not turned back off when the app shows it on", async () => {
    for (const target of ["label", "input"] as const) {
      const { root, label, box } = drawnSwitch();
      const shown = holdUntilTakenOver(root);
      (target === "label" ? label : box).click();
      expect(box.checked).toBe(false);
      // The app shows the visitor's own setting: on.
      box.checked = true;
      takenOverByReact(label, box);
      shown();
      await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
      expect(box.checked).toBe(true);
      root.remove();
    }
    // Drawn off and still off: the click is made again and turns it on.
    const root = document.createElement("div");
    const main = document.createElement("main");
    const box = document.createElement("input");
    box.type = "checkbox";
    main.append(box);
    root.append(main);
    document.body.append(root);
    const shown = holdUntilTakenOver(root);
    box.click();
    takenOverByReact(box);
    shown();
    await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
    expect(box.checked).toBe(true);
    root.remove();
  });

  it("a press just after the app turned a switch was meant for what it showed before; a later one for what it shows", async () => {
    const now = vi.spyOn(performance, "now");
    try {
      for (const [pressedAfterMs, staysOn] of [
        [100, true],
        [2_000, false],
      ] as const) {
        const { root, label, box } = drawnSwitch();
        label.dataset.state = "unchecked";
        now.mockReturnValue(1_000);
        const shown = holdUntilTakenOver(root);
        // The app shows the visitor's own setting, on, while the route's part is still drawn.
        label.dataset.state = "checked";
        box.checked = true;
        await Promise.resolve();
        now.mockReturnValue(1_000 + pressedAfterMs);
        label.click();
        takenOverByReact(label, box);
        shown();
        await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
        expect(box.checked).toBe(staysOn);
        root.remove();
      }
    } finally {
      now.mockRestore();
    }
  });

  it("a click on a control before the app's script runs is held, and made again once the app has taken the page over", async () => {
    const root = document.createElement("div");
    root.id = "root";
    const main = document.createElement("main");
    const [button, link] = [document.createElement("button"), document.createElement("a")];
    link.href = "#main";
    let presses = 0;
    main.append(button, link);
    root.append(main);
    document.body.append(root);
    new Function(EARLY_INPUT_SCRIPT)();
    try {
      const pressed = new MouseEvent("click", { bubbles: true, cancelable: true });
      button.dispatchEvent(pressed);
      expect(pressed.defaultPrevented).toBe(true);
      // A link is a link before any script: left alone.
      const followed = new MouseEvent("click", { bubbles: true, cancelable: true });
      link.addEventListener("click", (e) => e.preventDefault(), { once: true });
      link.dispatchEvent(followed);
      expect((window as { __earlyClick?: { control: Element } }).__earlyClick?.control).toBe(button);
      // The app's code arrives: its take-over holds the click on, and makes it once React answers.
      const shown = holdUntilTakenOver(root);
      button.addEventListener("click", () => presses++);
      takenOverByReact(main, button, link);
      shown();
      await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
      expect(presses).toBe(1);
      // The page's own listener is gone: a click now is the app's alone.
      button.click();
      expect(presses).toBe(2);
    } finally {
      stopEarlyInput();
      root.remove();
    }
  });

  it("a file dropped before the app's script runs goes to the drop zone's input, not in the page's place, until the app starts", () => {
    const zone = document.createElement("div");
    const inner = document.createElement("p");
    const input = document.createElement("input");
    input.type = "file";
    zone.append(inner, input);
    document.body.append(zone);
    new Function(EARLY_INPUT_SCRIPT)();
    const files = [new File(["%PDF"], "early.pdf")];
    let given: unknown = null;
    Object.defineProperty(input, "files", {
      get: () => given,
      set: (v) => {
        given = v;
      },
      configurable: true,
    });
    const drop = (type: string, types: string[]) => {
      const e = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(e, "dataTransfer", { value: { types, files } });
      inner.dispatchEvent(e);
      return e;
    };
    // Text dragged over the page is left alone; files are not opened in its place.
    expect(drop("dragover", ["text/plain"]).defaultPrevented).toBe(false);
    expect(drop("dragover", ["Files"]).defaultPrevented).toBe(true);
    expect(drop("drop", ["Files"]).defaultPrevented).toBe(true);
    expect(given).toBe(files);
    // Once the app starts, drops are its own.
    given = null;
    stopEarlyInput();
    expect(drop("drop", ["Files"]).defaultPrevented).toBe(false);
    expect(given).toBeNull();
    zone.remove();
  });

  const template = readFileSync(`${process.cwd()}/web/index.html`, "utf8");
  const page: RenderedPage = {
    lang: "de",
    dir: "ltr",
    title: "PDF zusammenfügen | PDFTools",
    description: "Mehrere PDFs zu einem Dokument zusammenfügen & mehr",
    html: '<div class="css-1"><main><h1>PDF zusammenfügen</h1></main></div>',
    styles: ['<style data-emotion="css 1">.css-1{color:red}</style>'],
    routeFiles: [],
    catalogs: [],
  };

  it("a drawn page is index.html with its language, head, rules and body", () => {
    const html = pageHtml(template, page, '<link rel="preload">');
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain("<title>PDF zusammenfügen | PDFTools</title>");
    expect(html).toContain('content="Mehrere PDFs zu einem Dokument zusammenfügen &amp; mehr"');
    expect(html).toMatch(/<style data-emotion="css 1">[^<]*<\/style><\/head>/);
    expect(html).toContain(`<div id="root" data-taking-over="">${page.html}</div>`);
    // The app's code waits, inert, until the page is on screen.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<script type="module"|modulepreload|rel="preload"/);
    expect(html).toMatch(
      /<template id="app-code"><script type="module"[^>]*><\/script>(<link rel="modulepreload"[^>]*>)*<link rel="preload"><\/template><script>[^<]+<\/script><\/body>/,
    );
  });

  it("the app's code is asked for once the page is on screen, as index.html wrote it", async () => {
    const html = pageHtml(template, page, '<link rel="preload" as="fetch" href="/assets/i18n/de/common.json">');
    const code = new DOMParser().parseFromString(html, "text/html").getElementById("app-code") as HTMLTemplateElement;
    document.head.append(code);
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal("requestAnimationFrame", (f: FrameRequestCallback) => {
      frame = f;
      return 1;
    });
    // A text field of the page: inert from when the page is read until the app has it.
    const root = document.createElement("div");
    root.id = "root";
    const [field, box] = [document.createElement("input"), document.createElement("input")];
    box.type = "checkbox";
    root.append(field, box);
    document.body.append(root);
    try {
      new Function(APP_AFTER_PAINT_SCRIPT)();
      expect([field.hasAttribute("inert"), field.hasAttribute("data-held"), box.hasAttribute("inert")]).toEqual([
        true,
        true,
        false,
      ]);
      expect(document.head.querySelector("script[type=module]")).toBeNull();
      frame?.(0);
      await vi.waitFor(() => expect(document.getElementById("app-code")).toBeNull());
      const script = document.head.querySelector("script[type=module]") as HTMLScriptElement;
      expect(script.getAttribute("src")).toBe("/main.tsx");
      expect(document.head.querySelector('link[rel="preload"][as="fetch"]')?.getAttribute("href")).toBe(
        "/assets/i18n/de/common.json",
      );
      // The take-over has them until it ends.
      const shown = holdUntilTakenOver(root);
      takenOverByReact(root, field, box);
      shown();
      await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
      expect([field.hasAttribute("inert"), field.hasAttribute("data-held")]).toEqual([false, false]);
    } finally {
      vi.unstubAllGlobals();
      for (const el of document.head.querySelectorAll("script, link")) el.remove();
      root.remove();
    }
  });

  it("a drawn page may hold no script that would run (the CSP refuses it)", () => {
    expect(() => pageHtml(template, { ...page, html: `${page.html}<script>alert(1)</script>` })).toThrow(/script/);
    expect(() =>
      pageHtml(template, { ...page, html: `<script type="text/plain">x</script>${page.html}` }),
    ).not.toThrow();
  });

  it("until the app has taken the page over, clicks wait, text fields and queries wait, and a file chosen meanwhile is handed on once", async () => {
    const root = document.createElement("div");
    const main = document.createElement("main");
    const [chosen, empty] = [document.createElement("input"), document.createElement("input")];
    for (const input of [chosen, empty]) input.type = "file";
    const [button, other, link, text] = [
      document.createElement("button"),
      document.createElement("button"),
      document.createElement("a"),
      document.createElement("input"),
    ];
    link.href = "#main";
    other.id = "other";
    main.append(button, other, link, text, chosen, empty);
    root.append(main);
    document.body.append(root);
    const seen: string[] = [];
    root.addEventListener("change", (e) => seen.push(`change ${(e.target as HTMLElement).tagName}`));
    root.addEventListener("click", (e) => {
      const el = e.target as HTMLElement;
      seen.push(`click ${el.tagName}${el.id ? `#${el.id}` : ""}`);
    });
    const shown = holdUntilTakenOver(root);
    expect(root.dataset.takingOver).toBe("");
    const inert = (...els: Element[]) => els.map((el) => el.hasAttribute("inert"));
    // Buttons stay in the Tab order; only a field typed into waits out of it.
    expect(inert(button, chosen, link, text)).toEqual([false, false, false, true]);
    expect(onlineManager.isOnline()).toBe(false);
    // Clicked twice, the second time on another button: the last click is the one made again.
    button.click();
    other.click();
    link.click();
    expect(seen).toEqual(["click A"]);
    Object.defineProperty(chosen, "files", { value: [new File(["%PDF"], "a.pdf")] });
    chosen.dispatchEvent(new Event("change", { bubbles: true }));
    expect(seen).toEqual(["click A"]);
    // React marks what it has taken over; the last element of <main> last.
    takenOverByReact(empty);
    shown();
    shown();
    await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
    expect(inert(text)).toEqual([false]);
    expect(seen).toEqual(["click A", "change INPUT", "click BUTTON#other"]);
    expect(onlineManager.isOnline()).toBe(true);
    // Once taken over, clicks go straight through.
    button.click();
    expect(seen.at(-1)).toBe("click BUTTON");
    expect(seen).toHaveLength(4);
    root.remove();
  });

  it("should React draw the page afresh, the held click and files go to what it drew in their place", async () => {
    const root = document.createElement("div");
    const drawMain = (limit: string) => {
      const main = document.createElement("main");
      const [first, second, input] = [
        document.createElement("button"),
        document.createElement("button"),
        document.createElement("input"),
      ];
      first.textContent = "Off";
      second.textContent = `Up to ${limit}`;
      input.type = "file";
      input.dataset.testid = "file-input";
      main.append(first, second, input);
      return main;
    };
    root.append(drawMain("256 MB"));
    document.body.append(root);
    const seen: string[] = [];
    root.addEventListener("change", (e) => {
      const input = e.target as HTMLInputElement;
      seen.push(`change ${input.isConnected} ${[...(input.files ?? [])].map((f) => f.name)}`);
    });
    root.addEventListener("click", (e) => seen.push(`click ${(e.target as HTMLElement).textContent}`));
    const shown = holdUntilTakenOver(root);
    const [, second] = root.querySelectorAll("button");
    second.click();
    const held = root.querySelector("input") as HTMLInputElement;
    Object.defineProperty(held, "files", { value: [new File(["%PDF"], "a.pdf")] });
    held.dispatchEvent(new Event("change", { bubbles: true }));
    expect(seen).toEqual([]);
    // Drawn afresh: new elements, the second button's words changed (this device's limit).
    const fresh = drawMain("512 MB");
    root.replaceChildren(fresh);
    let given: unknown;
    const input = fresh.querySelector("input") as HTMLInputElement;
    Object.defineProperty(input, "files", {
      get: () => given ?? null,
      set: (v) => {
        given = v;
      },
    });
    takenOverByReact(input);
    shown();
    await vi.waitFor(() => expect(root.dataset.takingOver).toBeUndefined());
    expect(seen).toEqual(["change true a.pdf", "click Up to 512 MB"]);
    root.remove();
  });
});
