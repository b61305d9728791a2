/** The errors the XML parser throws: what went wrong, with the line and column where it did. */
import { DrawioError } from "../errors.ts";

/**
 * The error for a text that is not well-formed XML: a {@link DrawioError} with a stable code
 * and where it happened (line, column and offset).
 */
export function syntaxError(
  code: "malformed_xml" | "unescaped_character",
  message: string,
  text: string,
  offset: number,
): DrawioError {
  const { line, column } = lineAndColumn(text, offset);
  return new DrawioError(code, `${message} (line ${line}, column ${column})`, {
    line,
    column,
    offset,
  });
}

/** The 1-based line and column of an offset in the text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The error for an attribute that cannot be read: a stray quote, or no `name="value"` shape. */
export function attributeError(text: string, pos: number, tag: string): DrawioError {
  const quote = text.charCodeAt(pos);
  if (quote === 34 || quote === 39 || text.charCodeAt(pos - 1) === 34) {
    return syntaxError(
      "unescaped_character",
      `stray quote in <${tag}>: a quote inside an attribute value must be written as &quot;`,
      text,
      pos,
    );
  }
  return syntaxError("malformed_xml", `malformed attribute in <${tag}>`, text, pos);
}

/** The error for an attribute whose value is unclosed or holds a bare `<`, or that is repeated. */
export function attributeValueError(
  problem: "unclosed" | "bare <" | "duplicate",
  text: string,
  attrName: string,
  offset: number,
): DrawioError {
  if (problem === "unclosed") {
    return syntaxError("malformed_xml", `unclosed value of ${attrName}`, text, offset);
  }
  if (problem === "duplicate") {
    return syntaxError("malformed_xml", `duplicate attribute ${attrName}`, text, offset);
  }
  return syntaxError(
    "unescaped_character",
    `bare < in attribute ${attrName} must be written as &lt;`,
    text,
    offset,
  );
}
