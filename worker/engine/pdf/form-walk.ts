import {
  createPDFAcroField,
  PDFAcroCheckBox,
  PDFAcroComboBox,
  type PDFAcroField,
  PDFAcroListBox,
  PDFAcroNonTerminal,
  PDFAcroPushButton,
  PDFAcroRadioButton,
  PDFAcroSignature,
  PDFAcroText,
  PDFArray,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFForm,
  PDFName,
  type PDFObject,
  PDFOptionList,
  PDFRadioGroup,
  PDFRef,
  PDFSignature,
  PDFTextField,
  PDFWidgetAnnotation,
} from "@cantoo/pdf-lib";
import { EngineError } from "../core/errors";

/**
 * A form's fields and their widgets, each read once, however many times the file lists it: a
 * /Kids that names one widget 200,000 times is one widget (pdf-lib's own getFields and
 * getWidgets hand back every repeat, which made a 1 MB file answer 12.8 MB of JSON), and a field
 * reached twice through /Fields and /Kids is one field. Past the bounds the form is refused
 * whole, by name: a list cut short would let a person fill part of a form and believe it done.
 */
export const FORM_BOUNDS = {
  fields: 5_000,
  widgetsPerField: 1_000,
  widgets: 20_000,
  optionsPerField: 5_000,
  /** Of the JSON answer: what the page downloads and lays over its previews. */
  answerBytes: 4 * 1024 * 1024,
  /** Fields inside fields; real forms nest a few levels. */
  depth: 32,
} as const;

const count = (n: number) => n.toLocaleString("en-US");

export function formTooLarge(name: string, what: string): EngineError {
  return new EngineError(
    "job_too_large",
    `${name}'s form is too large to list here: ${what}. A desktop PDF reader can fill it.`,
  );
}

function formLoop(name: string): EngineError {
  return new EngineError("pdf_damaged", `${name}'s form fields are nested in a loop, so the form cannot be read.`);
}

function asField(acro: PDFAcroField, ref: PDFRef, doc: PDFDocument): PDFField | undefined {
  if (acro instanceof PDFAcroPushButton) return PDFButton.of(acro, ref, doc);
  if (acro instanceof PDFAcroCheckBox) return PDFCheckBox.of(acro, ref, doc);
  if (acro instanceof PDFAcroComboBox) return PDFDropdown.of(acro, ref, doc);
  if (acro instanceof PDFAcroListBox) return PDFOptionList.of(acro, ref, doc);
  if (acro instanceof PDFAcroText) return PDFTextField.of(acro, ref, doc);
  if (acro instanceof PDFAcroRadioButton) return PDFRadioGroup.of(acro, ref, doc);
  if (acro instanceof PDFAcroSignature) return PDFSignature.of(acro, ref, doc);
  return undefined;
}

/** A field's /Parent chain is finite and short (pdf-lib climbs it by recursion for names and flags). */
function checkAncestry(dict: PDFDict, name: string): void {
  const seen = new Set<PDFDict>([dict]);
  let node = dict;
  for (;;) {
    const parent = node.lookup(PDFName.of("Parent"));
    if (!(parent instanceof PDFDict)) return;
    if (seen.has(parent)) throw formLoop(name);
    seen.add(parent);
    if (seen.size > FORM_BOUNDS.depth)
      throw formTooLarge(name, `its fields are nested more than ${FORM_BOUNDS.depth} deep`);
    node = parent;
  }
}

/**
 * The terminal fields of the form, in pdf-lib's order (/Fields, each field's kids after it), each
 * once; more than `most` is refused (the listing's bound; tools that draw fields bound them by
 * the job's memory instead).
 */
export function distinctFields(
  doc: PDFDocument,
  form: PDFForm,
  name: string,
  most: number = FORM_BOUNDS.fields,
): PDFField[] {
  const top = form.acroForm.dict.lookup(PDFName.of("Fields"));
  const fields: PDFField[] = [];
  if (!(top instanceof PDFArray)) return fields;
  const seen = new Set<PDFDict>();
  const stack: { array: PDFArray; index: number }[] = [{ array: top, index: 0 }];
  while (stack.length > 0) {
    const level = stack[stack.length - 1];
    if (level.index >= level.array.size()) {
      stack.pop();
      continue;
    }
    const i = level.index++;
    const ref = level.array.get(i);
    const dict = level.array.lookup(i);
    if (!(ref instanceof PDFRef) || !(dict instanceof PDFDict) || seen.has(dict)) continue;
    seen.add(dict);
    // Groups count too: a form of a million empty groups is no smaller to walk.
    if (seen.size > 4 * most) throw formTooLarge(name, `it has more than ${count(most)} fields`);
    // Before pdf-lib reads the field: it climbs /Parent by recursion to find its type.
    checkAncestry(dict, name);
    const acro = createPDFAcroField(dict, ref);
    if (acro instanceof PDFAcroNonTerminal) {
      const kids = dict.lookup(PDFName.of("Kids"));
      if (!(kids instanceof PDFArray)) continue;
      if (stack.length >= FORM_BOUNDS.depth)
        throw formTooLarge(name, `its fields are nested more than ${FORM_BOUNDS.depth} deep`);
      stack.push({ array: kids, index: 0 });
      continue;
    }
    const field = asField(acro, ref, doc);
    if (!field) continue;
    fields.push(field);
    if (fields.length > most) throw formTooLarge(name, `it has more than ${count(most)} fields`);
  }
  return fields;
}

/** A widget and the reference it is listed by (what a page's /Annots names). */
export interface ListedWidget {
  widget: PDFWidgetAnnotation;
  ref: PDFRef | undefined;
}

/**
 * A field's widgets, each once: the field itself when it has no kids (field and widget merged).
 * With their references as the field lists them: pdf-lib's getObjectRef searches every object of
 * the file for one, which made 20,000 widgets cost 12 s.
 */
export function distinctWidgets(
  field: PDFField,
  name: string,
  most: number = FORM_BOUNDS.widgetsPerField,
): ListedWidget[] {
  const acro = field.acroField;
  const kids = acro.dict.lookup(PDFName.of("Kids"));
  if (!(kids instanceof PDFArray)) return [{ widget: PDFWidgetAnnotation.fromDict(acro.dict), ref: field.ref }];
  const seen = new Set<PDFDict>();
  const widgets: ListedWidget[] = [];
  for (let i = 0; i < kids.size(); i++) {
    const dict = kids.lookup(i);
    if (!(dict instanceof PDFDict) || seen.has(dict)) continue;
    seen.add(dict);
    const ref = kids.get(i);
    widgets.push({ widget: PDFWidgetAnnotation.fromDict(dict), ref: ref instanceof PDFRef ? ref : undefined });
    if (widgets.length > most)
      throw formTooLarge(name, `its field "${field.getName()}" shows in more than ${count(most)} places`);
  }
  return widgets;
}

/** The number of choices a field's /Opt holds, refused past the bound before any is decoded. */
export function checkOptions(field: PDFField, name: string): void {
  const opt = field.acroField.dict.lookup(PDFName.of("Opt"));
  if (opt instanceof PDFArray && opt.size() > FORM_BOUNDS.optionsPerField)
    throw formTooLarge(
      name,
      `its field "${field.getName()}" has more than ${count(FORM_BOUNDS.optionsPerField)} choices`,
    );
}

/**
 * Rewrites the form's /Fields and every field's /Kids that name an object more than once, keeping
 * the first of each (a repeat means nothing in a form; pdf-lib would hand each one back). One pass
 * over the tree, each field once, so loops and shared kids cost nothing more.
 */
export function dropRepeats(doc: PDFDocument, acro: PDFDict): void {
  const seen = new Set<PDFDict>();
  const todo: { holder: PDFDict; key: "Fields" | "Kids"; depth: number }[] = [
    { holder: acro, key: "Fields", depth: 0 },
  ];
  for (let item = todo.pop(); item; item = todo.pop()) {
    const array = item.holder.lookup(PDFName.of(item.key));
    if (!(array instanceof PDFArray)) continue;
    const kept = new Set<string>();
    const entries = [];
    for (let i = 0; i < array.size(); i++) {
      const entry = array.get(i);
      const key = entry instanceof PDFRef ? entry.toString() : undefined;
      if (key !== undefined && kept.has(key)) continue;
      if (key !== undefined) kept.add(key);
      entries.push(entry);
      const dict = array.lookup(i);
      if (dict instanceof PDFDict && !seen.has(dict) && item.depth < FORM_BOUNDS.depth) {
        seen.add(dict);
        todo.push({ holder: dict, key: "Kids", depth: item.depth + 1 });
      }
    }
    if (entries.length < array.size()) item.holder.set(PDFName.of(item.key), doc.context.obj(entries));
  }
}

/** An annotation a page lists, with the entry that lists it (what its /Annots holds). */
export interface ListedAnnot {
  entry: PDFObject;
  annot: PDFDict;
}

/**
 * The annotations `annots` (a page's /Annots) lists, each once, in order: a repeat draws nothing
 * a reader has not drawn already, and a list naming one widget 100,000 times had Flatten draw it
 * 100,000 times, until the isolate ran out of memory. Entries that are not dictionaries are left out.
 */
export function distinctAnnots(annots: PDFArray): ListedAnnot[] {
  const seen = new Set<PDFDict>();
  const listed: ListedAnnot[] = [];
  for (let i = 0; i < annots.size(); i++) {
    const annot = annots.lookup(i);
    if (!(annot instanceof PDFDict) || seen.has(annot)) continue;
    seen.add(annot);
    listed.push({ entry: annots.get(i), annot });
  }
  return listed;
}

/** Rewrites every page's /Annots that lists an annotation more than once (or a non-annotation), each once. */
export function dropRepeatedAnnots(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of("Annots"));
    if (!(annots instanceof PDFArray)) continue;
    const listed = distinctAnnots(annots);
    if (listed.length < annots.size()) page.node.set(PDFName.of("Annots"), doc.context.obj(listed.map((l) => l.entry)));
  }
}
