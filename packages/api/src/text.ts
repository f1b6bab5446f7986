// Characters that make no sense in the platform's text and break its files: an XML file (results, XLSX) cannot
// hold C0 controls but tab and line breaks, U+FFFE, U+FFFF or lone surrogates; a line break inside a name makes
// a PBN tag or a CSV row span lines. C1 controls and DEL print as nothing anywhere.
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const notInLine = new RegExp(`[${CONTROL}\\t\\n\\r\\u2028\\u2029]|${LONE_SURROGATE}`);
const notInText = new RegExp(`[${CONTROL}]|${LONE_SURROGATE}`);

/** True when the text holds no control character, line break, noncharacter U+FFFE/U+FFFF or lone surrogate. */
export const isSingleLine = (value: string) => !notInLine.test(value);
/** As isSingleLine, but tabs and line breaks are allowed (a message's body). */
export const isCleanText = (value: string) => !notInText.test(value);
