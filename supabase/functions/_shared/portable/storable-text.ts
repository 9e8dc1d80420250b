/**
 * Text that PostgreSQL can store in a `text` column of a UTF-8 database, shared by the functions and
 * the app's forms. A JavaScript string can hold two things such a column cannot:
 * - U+0000 (NUL): PostgreSQL refuses it (22P05 'unsupported Unicode escape sequence' for a JSON
 *   "\u0000", 22021 for the raw byte), which a function would otherwise report as its own failure;
 * - a lone UTF-16 surrogate, which JSON.parse makes from "\ud800" without complaint: it has no UTF-8
 *   form, so it is either refused further on (22P02) or turned into U+FFFD by an encoder, and then
 *   something other than what was sent is stored, or hashed (two different passwords alike).
 * Everything else (other control characters, noncharacters, private use) is stored as sent.
 */

// With the u flag a surrogate pair is one code point, which this class does not match; a lone half is.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The same text with NUL removed and each lone surrogate replaced by U+FFFD, for text from elsewhere. */
export function storableText(text: string): string {
  if (isStorableText(text)) return text;
  return text.replaceAll('\u0000', '').replace(/[\ud800-\udfff]/gu, '\ufffd');
}

/**
 * Where a parsed JSON value holds text that cannot be stored: the keys leading to the first such
 * string (or key), or null when there is none. The path of a bad key ends with that key. Walks with
 * a stack of its own, so that a body nested thousands deep cannot overflow the call stack.
 */
export function unstorableTextPath(value: unknown): string[] | null {
  interface Step {
    value: unknown;
    key: string | null;
    parent: Step | null;
  }
  const pathOf = (step: Step, badKey?: string): string[] => {
    const path = badKey === undefined ? [] : [badKey];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (typeof step.value === 'string') {
      if (!isStorableText(step.value)) return pathOf(step);
      continue;
    }
    if (typeof step.value !== 'object' || step.value === null) continue;
    const entries = Object.entries(step.value);
    const badKey = entries.find(([key]) => !isStorableText(key));
    if (badKey) return pathOf(step, badKey[0]);
    // Reversed onto the stack, so that the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      pending.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
    }
  }
  return null;
}
