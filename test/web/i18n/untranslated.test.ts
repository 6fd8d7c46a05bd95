import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No user-visible English left in the site's code: text between JSX tags, string literals in
 * JSX expressions, the aria-label / placeholder / title / alt / loadingText / label props, the
 * title and description of a toast, and object fields that carry words to a component (title,
 * text, label, message...: feature lists, steps, menu items). Words go through a catalog (web/i18n); what may stay as
 * written (brand names, symbols) is in allowlist.json. Files whose strings are not converted yet
 * are listed in not-yet-converted.json: that list may only shrink. A listed file that is now
 * clean fails the test until it is taken off the list.
 */
const ROOT = process.cwd();
const WEB = join(ROOT, "web");
const allowlist = new Set<string>(JSON.parse(readFileSync(join(ROOT, "test/web/i18n/allowlist.json"), "utf8")).allowed);
const pending = JSON.parse(readFileSync(join(ROOT, "test/web/i18n/not-yet-converted.json"), "utf8")).files as string[];

/**
 * Props, object fields and defaults that carry words to a person: aria-label, placeholder, title,
 * loadingText, startLabel, description, a feature's text, a step's title...
 */
const WORDY = /(^alt$|label$|text$|title$|placeholder$|description$|heading$|subtitle$|message$|hint$)/i;
const TOAST_FIELDS = new Set(["title", "description"]);
/** Words: two letters in a row, in any script. */
const WORDS = /\p{L}{2}/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "i18n" && dir === WEB ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".gen.ts") && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

interface Finding {
  line: number;
  text: string;
}

function visible(text: string): boolean {
  const t = text.replace(/\s+/g, " ").trim();
  return t !== "" && WORDS.test(t) && !allowlist.has(t);
}

/** String literals a JSX expression can show: "a", `a`, cond ? "a" : "b", x ?? "a", x || "a". */
function literals(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return [node];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return literals(node.right);
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literals(node.right);
  }
  return [];
}

function textOf(node: ts.Node, file: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  }
  return node.getText(file);
}

function scan(path: string): Finding[] {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (visible(text)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const l of literals(node.expression)) report(l, textOf(l, file));
    } else if (ts.isJsxAttribute(node) && WORDY.test(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) {
        for (const l of literals(init.expression)) report(l, textOf(l, file));
      }
    } else if (
      (ts.isPropertyAssignment(node) || ts.isBindingElement(node)) &&
      WORDY.test(node.name.getText(file)) &&
      node.initializer &&
      !(
        ts.isCallExpression(node.parent.parent) &&
        /^(toast|toaster\.create)$/.test(node.parent.parent.expression.getText(file))
      )
    ) {
      for (const l of literals(node.initializer as ts.Expression)) report(l, textOf(l, file));
    } else if (
      ts.isCallExpression(node) &&
      /^(toast|toaster\.create)$/.test(node.expression.getText(file)) &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const prop of node.arguments[0].properties) {
        if (ts.isPropertyAssignment(prop) && TOAST_FIELDS.has(prop.name.getText(file))) {
          for (const l of literals(prop.initializer)) report(l, textOf(l, file));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const files = sources(WEB).map((p) => relative(ROOT, p).split("\\").join("/"));

describe("untranslated strings in the site's code", () => {
  it.each(files.filter((f) => !pending.includes(f)).map((f) => [f]))("%s has none", (f) => {
    const found = scan(join(ROOT, f)).map((x) => `${f}:${x.line}: ${JSON.stringify(x.text)}`);
    expect(found, "put the words in a catalog (README, Languages), or a brand or symbol in allowlist.json").toEqual([]);
  });

  // Scans every listed file: slow on a busy machine.
  it("lists only files that still have some, and that exist", { timeout: 60_000 }, () => {
    const stale = pending.filter((f) => !files.includes(f) || scan(join(ROOT, f)).length === 0);
    expect(stale, "converted or gone: take these off test/web/i18n/not-yet-converted.json").toEqual([]);
  });

  it("finds what it is for", () => {
    const probe = join(ROOT, "test/web/i18n/fixtures/untranslated-probe.tsx");
    expect(scan(probe).map((f) => f.text)).toEqual([
      "Saved",
      "Your file is ready",
      "Close dialog",
      "Hello there",
      "Type here",
      "Yes please",
      "No thanks",
      "Fallback words",
      "Upload",
      "Drop your files here.",
      "Your result",
      "Start now",
    ]);
  });
});
