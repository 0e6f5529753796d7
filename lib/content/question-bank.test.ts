import { describe, expect, it } from "vitest";
import { appendToQuestionBank, MAX_BANK_QUESTION_CHARS, parseQuestionBank } from "./question-bank";

const PAGES = new Set(["/about", "/contact", "/uses", "/now"]);

const BANK = `# Questions visitors ask

Notes above the sections are left alone.

## /about

- what's her background
- first job out of college?

## /contact

* can I DM her somewhere
- best way to reach u?
`;

describe("parseQuestionBank", () => {
  it("reads each page's questions in file order, `-` or `*` items, ignoring text outside sections", () => {
    const { byUrl, problems } = parseQuestionBank(BANK, PAGES);
    expect(problems).toEqual([]);
    expect([...byUrl]).toEqual([
      ["/about", ["what's her background", "first job out of college?"]],
      ["/contact", ["can I DM her somewhere", "best way to reach u?"]],
    ]);
  });

  it("drops repeats case-insensitively, and merges a page's sections", () => {
    const { byUrl } = parseQuestionBank(
      "## /now\n\n- What now\n- what NOW\n\n## /uses\n\n- a\n\n## /now\n\n- later\r\n- what now\n",
      PAGES,
    );
    expect(byUrl.get("/now")).toEqual(["What now", "later"]);
    expect(byUrl.get("/uses")).toEqual(["a"]);
  });

  it("names a section that is not a page, a line that is not an item and an over-long question, by line", () => {
    const long = "x".repeat(MAX_BANK_QUESTION_CHARS + 1);
    const { byUrl, problems } = parseQuestionBank(`## /nowhere\n\n- lost\n\n## /about\n\nplain prose\n- ${long}\n- kept\n`, PAGES);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^1: \/nowhere is not a page/);
    expect(problems[1]).toMatch(/^7: expected a question as "- …" under \/about/);
    expect(problems[2]).toBe(`8: a question is at most ${MAX_BANK_QUESTION_CHARS} characters`);
    expect([...byUrl]).toEqual([["/about", ["kept"]]]);
  });

  it("ends a section at any other heading", () => {
    const { byUrl, problems } = parseQuestionBank("## /about\n\n- in\n\n# Notes\n\n- not a question of /about\n", PAGES);
    expect(problems).toEqual([]);
    expect(byUrl.get("/about")).toEqual(["in"]);
  });
});

describe("appendToQuestionBank", () => {
  it("adds new items at the end of their section and leaves every existing line as it was", () => {
    const { text, added } = appendToQuestionBank(BANK, new Map([["/about", ["where did she study", "  did she   go to college  "]]]));
    expect(text).toBe(
      BANK.replace("- first job out of college?\n", "- first job out of college?\n- where did she study\n- did she go to college\n"),
    );
    expect([...added]).toEqual([["/about", 2]]);
  });

  it("gives a page without a section a new one at the end", () => {
    const { text, added } = appendToQuestionBank(BANK, new Map([["/uses", ["what laptop"]]]));
    expect(text).toBe(`${BANK}\n## /uses\n\n- what laptop\n`);
    expect(added.get("/uses")).toBe(1);
    expect(parseQuestionBank(text, PAGES).byUrl.get("/uses")).toEqual(["what laptop"]);
  });

  it("skips what the section has (case-insensitively), repeats, empty and over-long questions", () => {
    const additions = new Map([
      ["/contact", ["BEST WAY TO REACH U?", "email?", "Email?", "   ", "y".repeat(MAX_BANK_QUESTION_CHARS + 1)]],
      ["/about", ["What's her background"]],
    ]);
    const { text, added } = appendToQuestionBank(BANK, additions);
    expect(text).toBe(BANK.replace("- best way to reach u?\n", "- best way to reach u?\n- email?\n"));
    expect([...added]).toEqual([["/contact", 1]]);
  });

  it("returns the text unchanged when there is nothing new", () => {
    expect(appendToQuestionBank(BANK, new Map([["/about", ["first job out of college?"]]]))).toEqual({ text: BANK, added: new Map() });
  });

  it("handles several sections at once, in the sections' places, and new ones in the order given", () => {
    const { text } = appendToQuestionBank(
      BANK,
      new Map([
        ["/now", ["busy?"]],
        ["/contact", ["phone?"]],
        ["/about", ["bio"]],
        ["/uses", ["gear"]],
      ]),
    );
    expect(text).toBe(
      BANK.replace("college?\n", "college?\n- bio\n").replace("reach u?\n", "reach u?\n- phone?\n") +
        "\n## /now\n\n- busy?\n\n## /uses\n\n- gear\n",
    );
  });

  it("starts an empty file with the section", () => {
    expect(appendToQuestionBank("", new Map([["/now", ["what's new"]]])).text).toBe("## /now\n\n- what's new\n");
  });
});
