/** The error a promise rejects with; fails the test when it resolves instead. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code: string; details: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error as Error & { code: string; details: Record<string, unknown> };
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
}
