/**
 * Organize's page plan and its history: every change is a new plan, so undo and redo are steps
 * back and forth along the list of plans.
 */
export type Turn = 0 | 90 | 180 | 270;

export type PlanEntry =
  | { id: string; kind: "page"; file: number; page: number; rotate: Turn }
  | { id: string; kind: "blank" };

export interface PlanState {
  history: PlanEntry[][];
  at: number;
}

export type PlanAction =
  | { type: "add-file"; file: number; pageCount: number }
  | { type: "move"; id: string; overId: string }
  | { type: "rotate"; id: string; by: 90 | -90 }
  | { type: "delete"; id: string }
  | { type: "duplicate"; id: string }
  | { type: "blank-after"; id: string }
  | { type: "remove-file"; file: number }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "reset" };

let counter = 0;
const nextId = () => `p${++counter}`;

export const EMPTY_PLAN: PlanState = { history: [[]], at: 0 };

export function current(state: PlanState): PlanEntry[] {
  return state.history[state.at];
}

/** The plan as the tool's `plan` field: files by their place in the request, pages from 1. */
export function planField(plan: PlanEntry[]): string {
  return JSON.stringify(
    plan.map((e) => (e.kind === "blank" ? { blank: true } : { file: e.file, page: e.page, rotate: e.rotate })),
  );
}

function change(state: PlanState, next: PlanEntry[]): PlanState {
  const history = [...state.history.slice(0, state.at + 1), next].slice(-200);
  return { history, at: history.length - 1 };
}

export function planReducer(state: PlanState, action: PlanAction): PlanState {
  const plan = current(state);
  const at = (id: string) => plan.findIndex((e) => e.id === id);
  switch (action.type) {
    case "undo":
      return { ...state, at: Math.max(0, state.at - 1) };
    case "redo":
      return { ...state, at: Math.min(state.history.length - 1, state.at + 1) };
    case "reset":
      return EMPTY_PLAN;
    case "add-file": {
      const pages: PlanEntry[] = Array.from({ length: action.pageCount }, (_, i) => ({
        id: nextId(),
        kind: "page",
        file: action.file,
        page: i + 1,
        rotate: 0,
      }));
      // Not a step of its own: the pages of a file that opened are in every plan, so undo never
      // takes them away (and a file that opens late does not cut the history short).
      return { ...state, history: state.history.map((p) => [...p, ...pages]) };
    }
    case "remove-file":
      return change(
        state,
        plan
          .filter((e) => e.kind === "blank" || e.file !== action.file)
          .map((e) => (e.kind === "page" && e.file > action.file ? { ...e, file: e.file - 1 } : e)),
      );
    case "move": {
      const from = at(action.id);
      const to = at(action.overId);
      if (from < 0 || to < 0 || from === to) return state;
      const next = [...plan];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return change(state, next);
    }
    case "rotate":
      return change(
        state,
        plan.map((e) =>
          e.id === action.id && e.kind === "page"
            ? { ...e, rotate: ((((e.rotate + action.by) % 360) + 360) % 360) as Turn }
            : e,
        ),
      );
    case "delete":
      return change(
        state,
        plan.filter((e) => e.id !== action.id),
      );
    case "duplicate": {
      const i = at(action.id);
      if (i < 0) return state;
      const next = [...plan];
      next.splice(i + 1, 0, { ...plan[i], id: nextId() });
      return change(state, next);
    }
    case "blank-after": {
      const i = at(action.id);
      if (i < 0) return state;
      const next = [...plan];
      next.splice(i + 1, 0, { id: nextId(), kind: "blank" });
      return change(state, next);
    }
  }
}
