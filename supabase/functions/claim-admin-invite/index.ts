/**
 * Deno entry of the function on hosted Supabase. The handler is plain web-standard code, so the
 * local backend runs the same module under Node (server/functions/routes.ts).
 */
import { handler } from './handler.ts';

// Declared here, not globally, so that tsc under Node and deno check both accept it.
declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

Deno.serve(handler);
