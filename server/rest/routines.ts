/**
 * Picks the function an /rpc call means, as PostgREST does: by name and by the set of argument
 * names (overloads allowed), falling back to a function with one unnamed json/jsonb parameter that
 * takes the whole body. None is PGRST202 (with a "perhaps you meant" hint), several is PGRST203.
 */
import { ambiguousFunction, noFunction } from './errors.ts';
import { closest } from './fuzzy.ts';
import type { RoutineInfo, SchemaCache } from './schema-cache.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);

function matchesArguments(routine: RoutineInfo, keys: Set<string>, singleObject: boolean): boolean {
  const params = routine.params;
  if (singleObject) return params.length === 1 && JSON_TYPES.has(params[0]!.type);
  if (params.length === 0) return keys.size === 0;
  if (params.some((p) => p.name === '')) return false;
  const names = new Set(params.map((p) => p.name));
  const required = params.filter((p) => p.required).map((p) => p.name);
  return required.every((name) => keys.has(name)) && [...keys].every((key) => names.has(key));
}

function hasSingleUnnamedJson(routine: RoutineInfo, isPost: boolean): boolean {
  const [only, ...rest] = routine.params;
  return isPost && rest.length === 0 && only !== undefined && only.name === '' && JSON_TYPES.has(only.type);
}

function signature(routine: RoutineInfo): string {
  return `public.${routine.name}(${routine.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
}

export interface RoutineChoice {
  routine: RoutineInfo;
  /** True when the whole body goes to the function's single json parameter. */
  wholeBody: boolean;
}

export function findRoutine(
  cache: SchemaCache,
  name: string,
  keys: Set<string>,
  options: { isPost: boolean; singleObject: boolean },
): RoutineChoice {
  const overloads = cache.routines.get(name) ?? [];
  const matching = overloads.filter((r) => matchesArguments(r, keys, options.singleObject));
  const fallback = overloads.filter((r) => !matching.includes(r) && hasSingleUnnamedJson(r, options.isPost));
  if (matching.length === 1) return { routine: matching[0]!, wholeBody: options.singleObject };
  if (matching.length > 1) throw ambiguousFunction(matching.map(signature));
  if (fallback.length === 1) return { routine: fallback[0]!, wholeBody: true };
  if (fallback.length > 1) throw ambiguousFunction(fallback.map(signature));

  let suggestion: string | null = null;
  if (overloads.length === 0) {
    const other = closest(name, cache.routines.keys());
    if (other) suggestion = `Perhaps you meant to call the function public.${other}`;
  } else {
    const wanted = `(${[...keys].sort().join(', ')})`;
    const lists = overloads.map(
      (r) =>
        `(${r.params
          .map((p) => p.name)
          .sort()
          .join(', ')})`,
    );
    const best = closest(wanted, lists, 0);
    if (best) suggestion = `Perhaps you meant to call the function public.${name}${best}`;
  }
  throw noFunction(name, [...keys], options.isPost, options.singleObject, suggestion);
}
