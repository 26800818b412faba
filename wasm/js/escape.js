// @ts-check
/**
 * How a message shows text that came from input.
 *
 * Invariant: escapeControls' result holds no control character, so an error
 * message that quotes a name, a value, a file name or a schedule can be
 * printed to a terminal (or shown in the page) without moving the cursor,
 * changing colours or clearing the screen.  The escapes are those of
 * core/sim/escape.c, so both front ends print the same text:
 *
 *   C0 controls and DEL (U+0000-U+001F, U+007F)   \x1b, \x00, \x0a ...
 *   C1 controls (U+0080-U+009F)                   \u009b ...
 *
 * Everything else, backslashes included, is kept, so escaping twice changes
 * nothing: a message may be escaped where it is made and again where it is
 * printed.
 */

const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** @param {string} c */
function escapeOne(c) {
  const code = c.charCodeAt(0);
  const hex = code.toString(16).padStart(2, '0');
  return code < 0x80 ? `\\x${hex}` : `\\u00${hex}`;
}

/**
 * The text with every control character escaped.  With `lines`, line breaks
 * are kept: for a message made of several lines, each already escaped.
 * @param {unknown} text
 * @param {{lines?: boolean}} [options]
 */
export function escapeControls(text, options = {}) {
  return String(text).replace(options.lines ? CONTROLS_BUT_NEWLINE : CONTROLS, escapeOne);
}
