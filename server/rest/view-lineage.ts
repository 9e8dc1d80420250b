/**
 * Which base-table column each view column shows, read from the view's stored query tree
 * (`pg_rewrite.ev_action`, Postgres' node-text format). PostgREST uses the same facts to let views
 * take part in embedding: a foreign key whose columns a view exposes unchanged also links the view.
 */

type NodeValue = string | NodeValue[] | NodeObject;
interface NodeObject {
  type: string;
  fields: Map<string, NodeValue[]>;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')' || ch === '{' || ch === '}') {
      tokens.push(ch);
      i += 1;
    } else {
      let word = '';
      while (i < text.length) {
        const c = text[i]!;
        if (c === '\\' && i + 1 < text.length) {
          word += text[i + 1];
          i += 2;
          continue;
        }
        if (/\s/.test(c) || c === '(' || c === ')' || c === '{' || c === '}') break;
        word += c;
        i += 1;
      }
      tokens.push(word);
    }
  }
  return tokens;
}

function parseTokens(tokens: string[]): NodeValue[] {
  let position = 0;

  function parseValue(): NodeValue {
    const token = tokens[position]!;
    if (token === '{') {
      position += 1;
      const type = tokens[position] ?? '';
      position += 1;
      const fields = new Map<string, NodeValue[]>();
      let current: NodeValue[] | null = null;
      while (position < tokens.length && tokens[position] !== '}') {
        const next = tokens[position]!;
        if (next.startsWith(':') && next.length > 1) {
          current = [];
          fields.set(next.slice(1), current);
          position += 1;
        } else {
          const value = parseValue();
          current?.push(value);
        }
      }
      position += 1; // '}'
      return { type, fields };
    }
    if (token === '(') {
      position += 1;
      const items: NodeValue[] = [];
      while (position < tokens.length && tokens[position] !== ')') items.push(parseValue());
      position += 1; // ')'
      return items;
    }
    position += 1;
    return token;
  }

  const values: NodeValue[] = [];
  while (position < tokens.length) values.push(parseValue());
  return values;
}

function field(node: NodeObject, name: string): NodeValue | undefined {
  return node.fields.get(name)?.[0];
}

export interface ViewColumnSource {
  /** Attribute number of the view column (its position in the view's target list). */
  viewAttnum: number;
  /** OID of the table the column comes from unchanged. */
  tableOid: number;
  /** Attribute number of that table column. */
  tableAttnum: number;
}

/** The view columns that are plain references to a base-table column; others are left out. */
export function viewColumnSources(evAction: string): ViewColumnSource[] {
  let parsed: NodeValue[];
  try {
    parsed = parseTokens(tokenize(evAction));
  } catch {
    return [];
  }
  const list = parsed[0];
  const query = Array.isArray(list) ? list[0] : undefined;
  if (!query || typeof query !== 'object' || Array.isArray(query) || query.type !== 'QUERY') return [];
  const targetList = field(query, 'targetList');
  if (!Array.isArray(targetList)) return [];
  const sources: ViewColumnSource[] = [];
  for (const entry of targetList) {
    if (typeof entry !== 'object' || Array.isArray(entry) || entry.type !== 'TARGETENTRY') continue;
    const resjunk = field(entry, 'resjunk');
    const viewAttnum = Number(field(entry, 'resno'));
    const tableOid = Number(field(entry, 'resorigtbl'));
    const tableAttnum = Number(field(entry, 'resorigcol'));
    if (resjunk === 'true' || !Number.isInteger(viewAttnum) || !tableOid || !tableAttnum) continue;
    sources.push({ viewAttnum, tableOid, tableAttnum });
  }
  return sources;
}
