/**
 * Where server functions report failures nobody expected. On hosted Supabase a function's console
 * output is its log (Edge Functions > Logs); the local backend shows it on its terminal.
 */
export function logFunctionError(functionName: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // eslint-disable-next-line no-console -- the console is the function log on the platform
  console.error(`${functionName}: ${detail}`);
}
