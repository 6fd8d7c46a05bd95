import {
  PDFArray,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFForm,
  type PDFHexString,
  PDFName,
  PDFOptionList,
  type PDFPage,
  PDFRadioGroup,
  PDFRef,
  PDFSignature,
  type PDFString,
  PDFTextField,
} from "@cantoo/pdf-lib";
import type { FieldType, FieldValue, FormField } from "../../../schema/form-options";
import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { dateFormatOf } from "./form-scripts";
import {
  checkOptions,
  distinctFields,
  distinctWidgets,
  dropRepeats,
  FORM_BOUNDS,
  formTooLarge,
  type ListedWidget,
} from "./form-walk";
import { pageView, placeInView } from "./page-places";

/**
 * The AcroForm fields of a document: listed with their values and where their widgets are, and
 * filled. XFA forms keep their fields in an XML packet that only Adobe's own readers lay out; a
 * form that is XFA alone has nothing here to fill and is refused by name. A form that has both
 * keeps its AcroForm fields, and its XFA packet goes (readers that prefer XFA would otherwise
 * show the old values).
 */

export const XFA_MESSAGE =
  "is an XFA form (made with Adobe LiveCycle or AEM Forms Designer). Its fields exist only in Adobe's XFA format, which only Adobe Acrobat and Reader can fill. Open it in Adobe Reader, or ask its author for a standard PDF form.";

function typeOf(field: PDFField): FieldType {
  if (field instanceof PDFTextField) return "text";
  if (field instanceof PDFCheckBox) return "checkbox";
  if (field instanceof PDFRadioGroup) return "radio";
  if (field instanceof PDFDropdown) return "dropdown";
  if (field instanceof PDFOptionList) return "list";
  if (field instanceof PDFSignature) return "signature";
  return "button";
}

function currentValue(field: PDFField): FieldValue {
  if (field instanceof PDFTextField) return field.getText() ?? "";
  if (field instanceof PDFCheckBox) return field.isChecked();
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const selected = field.getSelected();
    return field.isMultiselect() ? selected : (selected[0] ?? "");
  }
  return "";
}

/** The page index of every annotation, by reference: one walk, not one per widget. */
function annotationPages(doc: PDFDocument): Map<string, number> {
  const pages = new Map<string, number>();
  for (const [i, page] of doc.getPages().entries()) {
    const annots = page.node.lookup(PDFName.of("Annots"));
    if (!(annots instanceof PDFArray)) continue;
    for (const a of annots.asArray()) if (a instanceof PDFRef) pages.set(a.toString(), i);
  }
  return pages;
}

/**
 * The document's form, or a 422 when it is an XFA form with nothing else to fill. Its /Fields and
 * /Kids name each object once from here on (form-walk.ts): a repeat would be read, drawn and
 * written again by every tool that fills, flattens or signs.
 */
export function formOf(doc: PDFDocument, name = "This PDF"): PDFForm | undefined {
  const acro = doc.catalog.lookup(PDFName.of("AcroForm"));
  if (!(acro instanceof PDFDict)) return undefined;
  if (acro.has(PDFName.of("XFA"))) {
    const fields = acro.lookup(PDFName.of("Fields"));
    if (!(fields instanceof PDFArray) || fields.size() === 0) {
      throw new EngineError("pdf_unsupported", `${name} ${XFA_MESSAGE}`);
    }
    // pdf-lib drops the XFA packet (with a warning) when the form is opened; we say why here.
    acro.delete(PDFName.of("XFA"));
  }
  dropRepeats(doc, acro);
  return doc.getForm();
}

/**
 * The fields of the form, with their values and where they show: each field and widget once, and
 * within FORM_BOUNDS (form-walk.ts), or the form is refused by name. What the answer holds is
 * charged to the job's budget as it is built.
 */
export function listFormFields(doc: PDFDocument, name = "This PDF", budget?: Budget): FormField[] {
  const form = formOf(doc, name);
  if (!form) return [];
  const pagesOf = annotationPages(doc);
  const pages = doc.getPages();
  const listed: FormField[] = [];
  let widgetCount = 0;
  let answerBytes = 0;
  for (const field of distinctFields(doc, form, name)) {
    budget?.check();
    checkOptions(field, name);
    const found = distinctWidgets(field, name);
    widgetCount += found.length;
    if (widgetCount > FORM_BOUNDS.widgets)
      throw formTooLarge(name, `its fields show in more than ${FORM_BOUNDS.widgets.toLocaleString("en-US")} places`);
    const f = fieldOf(doc, field, found, pagesOf, pages);
    // JSON is about what the answer holds in memory too (its strings and numbers), twice over as text.
    const bytes = JSON.stringify(f).length;
    answerBytes += bytes;
    if (answerBytes > FORM_BOUNDS.answerBytes)
      throw formTooLarge(
        name,
        `its fields' names, values and choices come to more than ${FORM_BOUNDS.answerBytes / 1024 / 1024} MB`,
      );
    budget?.take(2 * bytes, `${name}'s form fields`);
    listed.push(f);
  }
  return listed;
}

function fieldOf(
  doc: PDFDocument,
  field: PDFField,
  listed: ListedWidget[],
  pagesOf: Map<string, number>,
  pages: PDFPage[],
): FormField {
  const found = listed.map((l) => l.widget);
  const widgets: FormField["widgets"] = [];
  const radio = field instanceof PDFRadioGroup ? field : undefined;
  const exportValues = radio?.acroField.getExportValues();
  // pdf-lib's own getOnValues reads every repeat of a widget: the distinct ones are what count.
  const onValues = radio ? found.map((w) => w.getOnValue()).filter((v) => v !== undefined) : [];
  for (const { widget, ref } of listed) {
    const index = ref ? pagesOf.get(ref.toString()) : undefined;
    if (index === undefined) continue;
    const r = widget.getRectangle();
    const place = placeInView(pageView(pages[index]), r);
    if (place.width === 0 || place.height === 0) continue;
    let option: string | undefined;
    const on = widget.getOnValue();
    if (radio && on) {
      const i = onValues.indexOf(on);
      option = exportValues?.[i]?.decodeText() ?? on.decodeText();
    }
    widgets.push({ page: index + 1, ...place, ...(option !== undefined ? { option } : {}) });
  }
  const f: FormField = {
    name: field.getName(),
    type: typeOf(field),
    value: radio ? selectedOption(radio, exportValues, onValues) : currentValue(field),
    readOnly: field.isReadOnly(),
    required: field.isRequired(),
    widgets,
  };
  if (radio) f.options = (exportValues ?? onValues).map((v) => v.decodeText());
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    f.options = field.getOptions();
    f.multiSelect = field.isMultiselect();
    if (field instanceof PDFDropdown) f.editable = field.isEditable();
  }
  if (field instanceof PDFTextField) {
    f.multiline = field.isMultiline();
    const dateFormat = dateFormatOf(doc, field, found);
    if (dateFormat) f.dateFormat = dateFormat;
    const max = field.getMaxLength();
    if (max !== undefined) f.maxLength = max;
  }
  return f;
}

/** PDFRadioGroup.getSelected, over the distinct widgets' on-values. */
function selectedOption(
  radio: PDFRadioGroup,
  exportValues: (PDFString | PDFHexString)[] | undefined,
  onValues: PDFName[],
) {
  const value = radio.acroField.getValue();
  if (value === PDFName.of("Off")) return "";
  const i = exportValues ? onValues.indexOf(value) : -1;
  return i >= 0 && exportValues?.[i] ? exportValues[i].decodeText() : value.decodeText();
}

export interface FillReport {
  filled: number;
  /** Names given that match no field of the form. */
  unknown: string[];
  /** Read-only fields, signatures and push buttons, left as they were. */
  skipped: string[];
}

const TRUE_WORDS = new Set(["true", "yes", "on", "1", "x", "checked"]);
const FALSE_WORDS = new Set(["false", "no", "off", "0", ""]);

function fail(field: string, what: string): never {
  throw new EngineError("validation_failed", `The value for "${field}" ${what}`);
}

function choiceOf(name: string, options: string[], value: string): string {
  const found = options.find((o) => o === value) ?? options.find((o) => o.toLowerCase() === value.toLowerCase());
  if (found === undefined) fail(name, `must be one of: ${options.slice(0, 20).join(", ")}.`);
  return found;
}

function fillOne(field: PDFField, name: string, value: FieldValue): void {
  if (field instanceof PDFTextField) {
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    const max = field.getMaxLength();
    if (max !== undefined && text.length > max) fail(name, `can be at most ${max} characters long.`);
    field.setText(text === "" ? undefined : text);
  } else if (field instanceof PDFCheckBox) {
    const word = typeof value === "boolean" ? String(value) : String(value).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) field.check();
    else if (FALSE_WORDS.has(word)) field.uncheck();
    else fail(name, "must be true or false (or yes/no).");
  } else if (field instanceof PDFRadioGroup) {
    const text = String(value);
    if (text === "" || value === false) field.clear();
    else field.select(choiceOf(name, field.getOptions(), text));
  } else if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const wanted = (Array.isArray(value) ? value : [String(value)]).filter((v) => v !== "");
    if (wanted.length === 0) {
      field.clear();
      return;
    }
    if (wanted.length > 1 && !field.isMultiselect()) fail(name, "can be only one choice.");
    const editable = field instanceof PDFDropdown && field.isEditable();
    const options = field.getOptions();
    const chosen = editable ? wanted : wanted.map((w) => choiceOf(name, options, w));
    field.select(chosen);
  }
}

/** Fills the fields named in `values`; others keep what they hold. Appearances are drawn later. */
export function fillFormFields(doc: PDFDocument, values: Record<string, FieldValue>, name?: string): FillReport {
  const report: FillReport = { filled: 0, unknown: [], skipped: [] };
  const form = formOf(doc, name);
  const byName = new Map((form?.getFields() ?? []).map((f) => [f.getName(), f]));
  const byLower = new Map([...byName].map(([k, f]) => [k.toLowerCase(), f]));
  for (const [key, value] of Object.entries(values)) {
    const field = byName.get(key) ?? byLower.get(key.trim().toLowerCase());
    if (!field) {
      report.unknown.push(key);
      continue;
    }
    if (field.isReadOnly() || field instanceof PDFSignature || field instanceof PDFButton) {
      report.skipped.push(field.getName());
      continue;
    }
    fillOne(field, field.getName(), value);
    report.filled++;
  }
  return report;
}
