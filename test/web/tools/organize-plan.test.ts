import { describe, expect, it } from "vitest";
import {
  current,
  EMPTY_PLAN,
  type PlanAction,
  planField,
  planReducer,
} from "../../../web/tools/organize-pdf/organize-plan";

const run = (...actions: PlanAction[]) => actions.reduce(planReducer, EMPTY_PLAN);
const field = (state: ReturnType<typeof run>) => JSON.parse(planField(current(state)));

describe("organize's page plan", () => {
  it("lists each file's pages as they open, and undo never takes an opened file's pages away", () => {
    let s = run({ type: "add-file", file: 0, pageCount: 2 });
    const [first] = current(s);
    s = planReducer(s, { type: "delete", id: first.id });
    s = planReducer(s, { type: "add-file", file: 1, pageCount: 1 });
    expect(field(s)).toEqual([
      { file: 0, page: 2, rotate: 0 },
      { file: 1, page: 1, rotate: 0 },
    ]);
    s = planReducer(s, { type: "undo" });
    expect(field(s)).toEqual([
      { file: 0, page: 1, rotate: 0 },
      { file: 0, page: 2, rotate: 0 },
      { file: 1, page: 1, rotate: 0 },
    ]);
    s = planReducer(planReducer(s, { type: "undo" }), { type: "undo" });
    expect(current(s)).toHaveLength(3);
    s = planReducer(s, { type: "redo" });
    expect(field(s)).toEqual([
      { file: 0, page: 2, rotate: 0 },
      { file: 1, page: 1, rotate: 0 },
    ]);
  });

  it("moves, turns both ways, duplicates and inserts blank pages, each a step undo takes back", () => {
    let s = run({ type: "add-file", file: 0, pageCount: 3 });
    const [a, b, c] = current(s);
    s = planReducer(s, { type: "move", id: c.id, overId: a.id });
    s = planReducer(s, { type: "rotate", id: b.id, by: -90 });
    s = planReducer(s, { type: "duplicate", id: b.id });
    s = planReducer(s, { type: "blank-after", id: a.id });
    expect(field(s)).toEqual([
      { file: 0, page: 3, rotate: 0 },
      { file: 0, page: 1, rotate: 0 },
      { blank: true },
      { file: 0, page: 2, rotate: 270 },
      { file: 0, page: 2, rotate: 270 },
    ]);
    for (let i = 0; i < 4; i++) s = planReducer(s, { type: "undo" });
    expect(field(s)).toEqual([1, 2, 3].map((page) => ({ file: 0, page, rotate: 0 })));
    // A change after undo drops the redo branch.
    s = planReducer(s, { type: "delete", id: a.id });
    expect(planReducer(s, { type: "redo" })).toEqual(s);
  });
});
