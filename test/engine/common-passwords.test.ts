import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import english from "../../web/i18n/locales/en/auth.json";
import { BREACHED, WORDS } from "../../worker/data/common-passwords";
import {
  hasLine,
  isCommonPassword,
  newPasswordProblem,
  PASSWORD_MESSAGES,
} from "../../worker/services/common-passwords";
import { buildLists, moduleText } from "../support/gen-common-passwords.mjs";

/** A seeded generator, so a failure names the same password on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dir = new URL("../../node_modules/@zxcvbn-ts/language-common/src/", import.meta.url);
const diceware: string[] = JSON.parse(readFileSync(new URL("diceware.json", dir), "utf8"));
const breachList: string[] = JSON.parse(readFileSync(new URL("passwords.json", dir), "utf8"));

/** The examples, and the same patterns around other words, names and walks. */
const GUESSABLE = [
  ...["Password1!", "Qwerty123!", "Summer2024!", "Welcome2025", "P@ssw0rd", "iloveyou99"],
  ...["Password123", "password!", "PASSWORD2024", "Passw0rd!", "p@$$w0rd", "Pa$$word1"],
  ...["Winter2023!", "Autumn2022", "Spring#2025", "January2024!", "Monday123"],
  ...["Dragon2024!", "Monkey123!", "Football1!", "Baseball99", "Sunshine1!", "Princess2020"],
  ...["Michael1985", "Jennifer2!", "Jessica123!", "Charlie!!!", "Ashley1234", "Thomas2019!"],
  ...["qwertyuiop", "Qwerty2024!", "asdfghjkl1", "1qaz2wsx", "zaq12wsx!", "poiuytrewq", "Asdf1234!"],
  ...["!QAZ2wsx", "qazwsxedc", "zxcvbnm123", "1q2w3e4r5t", "qwer1234"],
  ...["letmein123!", "Trustno1!", "Admin2024!", "Secret12", "Whatever1!", "$ecret123", "H3ll0W0rld"],
  ...["Butterfly2024", "Lighthouse1!", "Abacus2020", "Tangerine99!", "!!Chocolate!!", "2024Summer!"],
  ...["12345678", "123456789!", "11111111", "aaaaaaaa", "abcdefgh", "87654321", "abcabcabc", "01011990"],
  ...["monkeymonkey", "passwordpassword", "19901231", "Dragon19900101", "Welcome_2025", "let me in 2024"],
  // Other keyboards, and "password" in the site's other languages.
  ...["qwertz123", "azerty2024", "!@#$%^&*", "ZAQ!2wsx", "Passwort1!", "Contraseña1", "motdepasse1", "Пароль2024"],
];

/** Passphrases and other passwords a person might well choose, which the check must let through. */
const GOOD = [
  "correct horse battery staple",
  "tangerine otter lighthouse",
  "purple-monkey-dishwasher-42",
  "My cat eats 3 lemons daily",
  "Tr0ub4dor&3-x",
  "zq8-Lm2!pV",
  "vN8#qLp2!xZr",
  "Kettle on the 5:15 from York",
  "sunshine monkey carpet",
  "blue coffee umbrella",
  "orchestra-pebble-canyon",
  "Whiskers was 14 when he left",
  "ruby slippers in the attic",
  "il pleut des cordes ce soir",
  "Mi perro se llama Tobías",
  "der Zug fährt um acht",
  "Ζεστό τσάι με μέλι",
  "горячий чай с малиной",
  "今日は雨が降っている",
  "我的猫喜欢晒太阳",
  "river7-stone3-cloud9",
  "grandma's apple pie 1962 recipe",
  "Mx7!pQ2#rT",
  "83920175x",
  "oxygen fractal velvet",
  "Lighthouse keeper Jonas",
  "mountainbike-1987-yellow",
  "jazz on tuesday nights",
  "the 42nd street diner",
  "Cranberry tulip raccoon",
];

describe("the bundled lists", () => {
  it("are what the generator makes from @zxcvbn-ts/language-common", () => {
    const lists = buildLists();
    expect(WORDS.split("\n")).toEqual(lists.words);
    expect(BREACHED.split("\n")).toEqual(lists.breached);
    expect(readFileSync(new URL("../../worker/data/common-passwords.ts", import.meta.url), "utf8")).toBe(
      moduleText(lists),
    );
  });

  it("are found by binary search exactly as a set finds them", () => {
    for (const list of [WORDS, BREACHED]) {
      const lines = list.split("\n");
      const set = new Set(lines);
      for (const line of lines) expect(hasLine(list, line), line).toBe(true);
      for (const line of lines.slice(0, 2000))
        for (const probe of [`${line}x`, line.slice(0, -1), `a${line}`, line.toUpperCase()])
          expect(hasLine(list, probe), probe).toBe(set.has(probe));
    }
    expect(hasLine(WORDS, "")).toBe(false);
    expect(hasLine(WORDS, "summer\nwinter")).toBe(false);
  });
});

describe("a new password", () => {
  it("is refused when it is the issue's examples or the same pattern around a common word, name or walk", () => {
    const passed = GUESSABLE.filter((p) => newPasswordProblem(p) !== "common");
    expect(passed).toEqual([]);
    expect(GUESSABLE).toHaveLength(76);
  });

  it("is refused when it is any breached password of 8 characters or more, as typed or capitalised", () => {
    const long = breachList.filter((p) => [...p].length >= 8);
    const passed = long.filter((p) => !isCommonPassword(p) || !isCommonPassword(p[0].toUpperCase() + p.slice(1)));
    expect(passed).toEqual([]);
    expect(long).toHaveLength(17_950);
  });

  it("is accepted when it is a passphrase or a random string, however common its words alone", () => {
    const next = random(800_63);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    const phrases = Array.from({ length: 1000 }, () => {
      const words = Array.from({ length: 3 + Math.floor(next() * 2) }, () => pick(diceware));
      return words.join(pick([" ", "-", ".", "_", " "]));
    });
    const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+-=?@";
    const randoms = Array.from({ length: 1000 }, () =>
      Array.from({ length: 12 }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
    );
    const good = [...GOOD, ...phrases, ...randoms];
    const refused = good.filter((p) => newPasswordProblem(p) !== null);
    expect(refused).toEqual([]);
    expect(good.length).toBe(GOOD.length + 2000);
  });

  it("is refused when it is made of the person's name or email, or the site's name", () => {
    const ada = { email: "ada.lovelace@analytical.example", firstName: "Ada", lastName: "Lovelace" };
    for (const p of [
      "Lovelace1815!",
      "AdaLovelace",
      "ada.lovelace",
      "ada.lovelace@analytical.example",
      "Analytical2024",
      "L0vel@ce!",
      "ada lovelace 1815",
      "PDFTools2024!",
      "pdftools!!",
      "MyPdfTools1",
    ])
      expect(newPasswordProblem(p, ada), p).toBe("personal");
    expect(newPasswordProblem("pdftools.example!", { site: ["pdftools.example"] })).toBe("personal");
    // The same words inside a passphrase are fine.
    for (const p of [
      "Ada counts carrots on Sunday",
      "lovelace-orchid-tundra-sparrow",
      "pdftools rescue my thesis at 3am",
    ])
      expect(newPasswordProblem(p, ada), p).toBeNull();
  });

  it("is refused when shorter than 8 characters, with its own reason", () => {
    for (const p of ["x7#Kq2", "zq8-Lm2", "Ωμέγα7"]) expect(newPasswordProblem(p), p).toBe("too_short");
    expect(newPasswordProblem("x7#Kq2!p")).toBeNull();
    // A common one says so rather than "at least 8", which would not help with 123456.
    expect(newPasswordProblem("123456")).toBe("common");
  });

  it("costs microseconds", () => {
    const sample = [...GUESSABLE, ...GOOD];
    const started = performance.now();
    for (let i = 0; i < 20; i++) for (const p of sample) newPasswordProblem(p, { email: "a.b@example.com" });
    const each = (performance.now() - started) / (20 * sample.length);
    expect(each).toBeLessThan(0.5);
  });
});

describe("the refusals' words", () => {
  it("are the dialog's English, so the field says what the server said", () => {
    expect({
      too_short: english["validation.passwordTooShort"],
      common: english["validation.passwordCommon"],
      personal: english["validation.passwordPersonal"],
    }).toEqual(PASSWORD_MESSAGES);
  });
});
