/**
 * The checks a style's value passes before it is written into the SVG as CSS (an attribute, a
 * declaration, a paint): a colour is a hex colour, `rgb()`/`rgba()`/`hsl()`/`hsla()` of plain
 * numbers or a CSS colour name; a paint is a colour, `none` or a local `url(#id)`; a font family
 * is a list of plain names. Anything else (`url(https://…)`, `expression(…)`,
 * `red;background:url(…)`, quotes, markup) never reaches the output.
 */

/** CSS Color Module 4's named colours, plus `transparent` and `currentcolor`. */
const NAMED = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue " +
    "blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk " +
    "crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki " +
    "darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
    "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
    "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite " +
    "gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
    "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen " +
    "lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen " +
    "magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream " +
    "mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid " +
    "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum " +
    "powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown " +
    "seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen " +
    "steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow " +
    "yellowgreen transparent currentcolor"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*[\d.]+%?(?:\s*[,\s/]\s*[\d.]+(?:%|deg)?){2,3}\s*\)$/;

/**
 * A CSS colour as written into SVG and CSS, lower-cased and trimmed, or undefined when the text
 * is not a colour (`none` and draw.io's words `default`, `inherit`, `swimlane` are not colours:
 * the caller decides what they mean).
 *
 * @example
 * cssColor(" #DAE8FC "); // "#dae8fc"
 * cssColor("red;background:url(//x)"); // undefined
 */
export function cssColor(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.length > 64) return undefined;
  const value = raw.trim().toLowerCase();
  if (HEX.test(value) || NAMED.has(value) || FUNCTIONAL.test(value)) return value;
  return undefined;
}

/** A reference to something the SVG defines itself: `url(#id)`, the id of plain characters. */
const LOCAL_URL = /^url\(#[A-Za-z0-9_.-]+\)$/;

/** Paint values already checked, so drawing thousands of cells checks each value once. */
const CHECKED = new Map<string, string>();

/**
 * A value for `fill`, `stroke` or `stop-color`: a colour ({@link cssColor}), `none`, or a local
 * `url(#id)`; anything else becomes `none`, so no paint can name another document.
 *
 * @example
 * paintValue("url(#mx-gradient-1)"); // "url(#mx-gradient-1)"
 * paintValue("url(https://evil.example/x.svg#a)"); // "none"
 */
export function paintValue(raw: string): string {
  const known = CHECKED.get(raw);
  if (known !== undefined) return known;
  const value = raw === "none" || LOCAL_URL.test(raw) ? raw : (cssColor(raw) ?? "none");
  if (CHECKED.size >= 4_096) CHECKED.clear();
  CHECKED.set(raw, value);
  return value;
}

/**
 * A name made only of characters that are safe in an id and in `url(#…)`: what an SVG id built
 * from a colour or a style value may contain.
 *
 * @example
 * idPart("rgb(1, 2, 3)"); // "rgb_1__2__3_"
 */
export function idPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** One family name: plain characters, quoted or not. */
const FAMILY = /^(?:[\w .-]+|"[\w .-]+"|'[\w .-]+')$/;

/**
 * A `font-family` list as written into `<text>`: family names of letters, digits, spaces,
 * dots, dashes and underscores, quoted or not, comma-separated; anything else is dropped, and
 * an empty list is Helvetica (draw.io's default).
 *
 * @example
 * fontFamily("Arial, 'Segoe UI'"); // "Arial, 'Segoe UI'"
 * fontFamily("x;}</style><script>"); // "Helvetica"
 */
export function fontFamily(raw: string | undefined): string {
  if (raw === undefined || raw.length > 200) return "Helvetica";
  const families = raw.split(",");
  const plain = families.filter((f) => FAMILY.test(f.trim()));
  if (plain.length === families.length) return raw;
  return plain.length > 0 ? plain.map((f) => f.trim()).join(",") : "Helvetica";
}
