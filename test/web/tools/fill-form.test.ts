import { describe, expect, it } from "vitest";
import { detectDelimiter, parseCsv } from "../../../schema/csv";
import type { FormField } from "../../../schema/form-options";
import { matchColumns, mergeData, readDataText, rowValues } from "../../../web/tools/fill-form/data-file";
import { fillRequest } from "../../../web/tools/fill-form/request";
import { changedValues, coerceValue, initialValues, missingRequired } from "../../../web/tools/fill-form/values";

const field = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
  name,
  type,
  value: type === "checkbox" ? false : "",
  readOnly: false,
  required: false,
  widgets: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }],
  ...extra,
});

const FIELDS: FormField[] = [
  field("Name", "text", { value: "Old", required: true }),
  field("Notes", "text", { multiline: true }),
  field("Member", "checkbox"),
  field("Size", "radio", { options: ["Small", "Large"] }),
  field("Country", "dropdown", { options: ["France", "Japan"] }),
  field("Tags", "list", { options: ["Red", "Green", "Blue"], multiSelect: true, value: [] }),
  field("Id", "text", { readOnly: true, value: "X-1" }),
  field("Send", "button"),
];

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const csv = 'Name,Notes\n"Lovelace, Ada","She said ""hi""\nand left"\nBob,plain';
    expect(parseCsv(csv)).toEqual([
      ["Name", "Notes"],
      ["Lovelace, Ada", 'She said "hi"\nand left'],
      ["Bob", "plain"],
    ]);
  });

  it("drops a byte order mark, takes CRLF, skips blank lines and keeps empty fields", () => {
    expect(parseCsv("\uFEFFa,b,c\r\n1,,3\r\n\r\n4,5,\r\n")).toEqual([
      ["a", "b", "c"],
      ["1", "", "3"],
      ["4", "5", ""],
    ]);
  });

  it("keeps CRLF inside quotes and reads a last line with no line end", () => {
    expect(parseCsv('a\r\n"x\r\ny"')).toEqual([["a"], ["x\r\ny"]]);
  });

  it("recognises semicolons and tabs from the header line", () => {
    expect(detectDelimiter('Name;"A,B";C\n1,2;3')).toBe(";");
    expect(detectDelimiter("a\tb\n")).toBe("\t");
    expect(parseCsv("Name;Town\nAda;Paris, TX")).toEqual([
      ["Name", "Town"],
      ["Ada", "Paris, TX"],
    ]);
  });
});

describe("readDataText", () => {
  it("reads a CSV into columns and rows", () => {
    const t = readDataText("name,member\nAda,yes\nBob", "people.csv");
    expect(t).toEqual({
      fileName: "people.csv",
      columns: ["name", "member"],
      rows: [
        { name: "Ada", member: "yes" },
        { name: "Bob", member: "" },
      ],
    });
  });

  it("reads JSON: one object, or a list whose keys together are the columns", () => {
    expect(readDataText('{"Name":"Ada"}', "one.json")).toMatchObject({ columns: ["Name"], rows: [{ Name: "Ada" }] });
    expect(readDataText('[{"a":1},{"b":true}]', "x.json")).toMatchObject({ columns: ["a", "b"] });
  });

  it("explains what is wrong with an unusable file", () => {
    expect(readDataText("", "e.csv")).toEqual({ error: "This file is empty." });
    expect(readDataText("{oops", "e.json")).toEqual({ error: "This file is not valid JSON." });
    expect(readDataText("[1,2]", "e.json")).toHaveProperty("error");
    expect(readDataText("only,a,header", "e.csv")).toHaveProperty("error");
  });
});

describe("matching columns to fields", () => {
  it("ignores case and outer spaces, and lists the columns that fill no field", () => {
    const { matched, unmatched } = matchColumns([" name ", "MEMBER", "size", "Email", "id", "send"], FIELDS);
    expect([...matched].map(([c, f]) => [c, f.name])).toEqual([
      [" name ", "Name"],
      ["MEMBER", "Member"],
      ["size", "Size"],
    ]);
    // Read-only fields and buttons cannot be filled from data.
    expect(unmatched).toEqual(["Email", "id", "send"]);
  });

  it("turns a row into values each field takes", () => {
    const { matched } = matchColumns(["Name", "Member", "Size", "Country", "Tags"], FIELDS);
    const row = { Name: 42, Member: "Yes", Size: "large", Country: "Peru", Tags: "green; red" };
    expect(rowValues(row, matched)).toEqual({
      Name: "42",
      Member: true,
      Size: "Large",
      Country: "Peru",
      Tags: ["Green", "Red"],
    });
  });

  it("reads checkbox words and JSON values", () => {
    const box = FIELDS[2];
    for (const yes of ["x", "TRUE", "1", "on", "checked"]) expect(coerceValue(box, yes)).toBe(true);
    for (const no of ["", "no", "0", "false"]) expect(coerceValue(box, no)).toBe(false);
    expect(coerceValue(box, true)).toBe(true);
    expect(coerceValue(FIELDS[5], ["blue"])).toEqual(["Blue"]);
    expect(coerceValue(field("Short", "text", { maxLength: 3 }), "abcdef")).toBe("abc");
  });
});

describe("the values sent", () => {
  it("starts from the file's values and sends only what changed", () => {
    const start = initialValues(FIELDS);
    expect(start).toMatchObject({ Name: "Old", Member: false, Tags: [], Id: "X-1" });
    expect(start).not.toHaveProperty("Send");
    expect(changedValues(FIELDS, start)).toEqual({});
    const edited = { ...start, Name: "Ada", Member: true, Tags: ["Red"], Id: "hacked" };
    expect(changedValues(FIELDS, edited)).toEqual({ Name: "Ada", Member: true, Tags: ["Red"] });
  });

  it("names the required fields left empty", () => {
    expect(missingRequired(FIELDS, { ...initialValues(FIELDS), Name: "" })).toEqual(["Name"]);
  });

  it("builds a single fill", () => {
    const values = { ...initialValues(FIELDS), Size: "Small" };
    expect(fillRequest({ fields: FIELDS, values, flatten: true })).toEqual({
      values: '{"Size":"Small"}',
      flatten: "true",
    });
  });

  it("builds a mail merge with the rows under the form's field names", () => {
    const table = readDataText("name,member,file\nAda,x,ada-card\nBob,,bob-card", "p.csv");
    if ("error" in table) throw new Error(table.error);
    const req = fillRequest({
      fields: FIELDS,
      values: initialValues(FIELDS),
      flatten: false,
      merge: { table, nameBy: "name" },
    });
    expect(req).toMatchObject({ eachRow: "true", nameBy: "Name", flatten: "false", values: "{}" });
    expect(JSON.parse((req as Record<string, string>).data)).toEqual([
      { file: "ada-card", Name: "Ada", Member: true },
      { file: "bob-card", Name: "Bob", Member: false },
    ]);
    const byFile = fillRequest({ fields: FIELDS, values: {}, flatten: false, merge: { table, nameBy: "file" } });
    expect(byFile).toMatchObject({ nameBy: "file" });
  });

  it("refuses a merge no column of which fills a field, and one with too many rows", () => {
    const table = { fileName: "x.csv", columns: ["Email"], rows: [{ Email: "a@b.c" }] };
    expect(fillRequest({ fields: FIELDS, values: {}, flatten: false, merge: { table, nameBy: "" } })).toHaveProperty(
      "error",
    );
    const many = { fileName: "x.csv", columns: ["Name"], rows: Array.from({ length: 501 }, () => ({ Name: "a" })) };
    expect(mergeData(many, matchColumns(many.columns, FIELDS).matched)).toEqual({
      error: "A mail merge can make at most 500 PDFs; this file has 501 rows.",
    });
  });
});

describe("date fields", () => {
  it("read and write dates in the form's own format", async () => {
    const { fromPicker, pickerFits, toPicker } = await import("../../../web/tools/fill-form/date-format");
    expect(pickerFits("mm/dd/yyyy")).toBe(true);
    expect(pickerFits("dd.mm.yy")).toBe(true);
    expect(pickerFits("mm/dd/yyyy HH:MM")).toBe(false);
    expect(toPicker("11/25/2026", "mm/dd/yyyy")).toBe("2026-11-25");
    expect(toPicker("25.11.26", "dd.mm.yy")).toBe("2026-11-25");
    expect(toPicker("25 Nov 2026", "d mmm yyyy")).toBe("2026-11-25");
    expect(toPicker("not a date", "mm/dd/yyyy")).toBe("");
    expect(fromPicker("2026-11-05", "mm/dd/yyyy")).toBe("11/05/2026");
    expect(fromPicker("2026-11-05", "d mmmm yyyy")).toBe("5 November 2026");
    expect(fromPicker("2026-01-09", "dd.mm.yy")).toBe("09.01.26");
    expect(fromPicker("", "mm/dd/yyyy")).toBe("");
  });
});
