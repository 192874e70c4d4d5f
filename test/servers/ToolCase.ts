/**
 * A scripted tool call for a domain's conformance cases. A domain's cases are played in order on
 * ONE fresh session (fast path, stdio and Streamable HTTP alike); every agent-visible tool of the
 * domain appears at least once with `ok: true` and at least once with `ok: false`.
 */
export interface ToolCase {
  /** What the case shows, as a sentence ("a transfer larger than the balance is rejected"). */
  title: string;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  /** Substrings the error message must contain (case-insensitive) when `ok` is false: what was wrong and what is valid. */
  errorIncludes?: string[];
  /** Extra checks on the structured result when `ok` is true; throw (chai expect) to fail. */
  check?: (result: any) => void;
}
