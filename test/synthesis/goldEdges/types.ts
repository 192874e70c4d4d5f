/**
 * Hand-labelled dependency edges of one domain: what a careful annotator reading the tools'
 * schemas and the domain's README says depends on what (rules in plugins/synthesis/README.md).
 * `explicit`: for each tool, the tools whose results give a value it must receive (an id or other
 * identifier of an existing thing, or one a write just made). `implicit`: [A, B] where A changes
 * state that B needs, without passing a value.
 */
export interface GoldGraph {
  domain: string;
  explicit: Record<string, string[]>;
  implicit: Array<[string, string]>;
}

/** The gold edges as `A>B` keys. */
export function goldEdgeKeys(gold: GoldGraph): Set<string> {
  const out = new Set<string>();
  for (const [to, froms] of Object.entries(gold.explicit)) for (const from of froms) if (from !== to) out.add(`${from}>${to}`);
  for (const [from, to] of gold.implicit) out.add(`${from}>${to}`);
  return out;
}
