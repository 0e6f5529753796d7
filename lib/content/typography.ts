/**
 * Typographer's punctuation for rendered text, as the standfirsts are already written:
 * curly quotes and apostrophes, en and em dashes, true minus signs and the ellipsis. Code
 * is left as typed (a `'` in a shell command is not an apostrophe). Pure.
 */

/** After one of these (or at the start), a quote opens; after anything else it closes. */
const OPENS_AFTER = /[\s([{\u2014\u2013/“‘-]/;

/**
 * `text` with typographer's punctuation. `before` is the character that precedes it in the
 * document (the end of the previous text node), so a quote right after `<em>` still opens
 * or closes correctly. Returns the new text; its last character is the next call's `before`.
 */
export function smarten(text: string, before = ""): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const prev = i > 0 ? text[i - 1] : before;
    const next = text[i + 1] ?? "";
    const opening = prev === "" || OPENS_AFTER.test(prev);
    if (c === '"') out += opening ? "“" : "”";
    else if (c === "'") {
      // ’90s: an elided year after a space is an apostrophe, not an opening quote.
      const elided = /\d/.test(next) && /^\d\ds?\b/.test(text.slice(i + 1));
      out += opening && !elided ? "‘" : "’";
    } else if (c === "-" && text.startsWith("---", i)) {
      out += "—";
      i += 2;
    } else if (c === "-" && next === "-" && /\s/.test(prev) && /\s/.test(text[i + 2] ?? "")) {
      out += "–";
      i += 1;
    } else if (c === "-" && /\d/.test(next) && (prev === "" || /[\s(]/.test(prev))) out += "−";
    else if (c === "." && text.startsWith("...", i)) {
      out += "…";
      i += 2;
    } else out += c;
  }
  return out;
}

type Node = { type: string; tagName?: string; value?: string; children?: Node[] };

/** Elements whose text is shown as typed. */
const VERBATIM = new Set(["code", "pre", "kbd", "samp", "script", "style", "var"]);

/** The rehype step: every text node outside code, in document order (a quote's side depends on what came before). */
export function rehypeTypography() {
  return (tree: Node) => {
    let last = "";
    const walk = (node: Node) => {
      if (node.type === "text" && typeof node.value === "string") {
        node.value = smarten(node.value, last);
        if (node.value) last = node.value.at(-1)!;
        return;
      }
      if (node.tagName && VERBATIM.has(node.tagName)) {
        // Code reads as a word to what follows: `x`'s takes an apostrophe.
        last = "x";
        return;
      }
      // A block starts afresh.
      if (node.tagName && /^(p|li|h[1-6]|td|th|blockquote|dd|dt|figcaption)$/.test(node.tagName)) last = "";
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
