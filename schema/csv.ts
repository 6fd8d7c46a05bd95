/**
 * CSV as RFC 4180 writes it, and as spreadsheets export it: fields in double quotes may hold
 * commas, line breaks and doubled quotes; lines end in CRLF or LF; a UTF-8 byte order mark is
 * dropped. Semicolon- or tab-separated files (Excel in many European locales) are recognised
 * from their header line.
 */

/** The separator the header line uses: the one of comma, semicolon and tab found most outside quotes. */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","]) return "\t";
  return ",";
}

/** The rows of a CSV text, each a list of fields; blank lines are skipped. */
export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ""))): string[][] {
  const text = input.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = "";
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\r") {
      endRow();
      if (text[i + 1] === "\n") i++;
    } else if (ch === "\n") endRow();
    else field += ch;
    i++;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}
