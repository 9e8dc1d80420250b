/**
 * Requests from a function to a service outside the project (profile provider, AI endpoint). The
 * target is always a URL from the function's configuration, never from a request. Each exchange is
 * bounded: redirects are refused rather than followed (a redirect could point anywhere), one
 * deadline covers connecting, headers and body, and the answer's size is capped while it streams
 * in. Failures become `FunctionError`s naming the service: 504 for the deadline, 502 otherwise.
 */
import { FunctionError, readBoundedText } from './http.ts';

export interface OutboundRequest {
  /** Names the service in messages, e.g. 'The LinkedIn profile provider'. */
  service: string;
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}

export interface OutboundResponse {
  status: number;
  text: string;
}

function describeFetchFailure(service: string, error: unknown): FunctionError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const reason = error instanceof Error ? `${error.message} ${cause}` : String(error);
  if (/redirect/i.test(reason))
    return new FunctionError(502, `${service} answered with a redirect, which is not followed`);
  return new FunctionError(502, `${service} could not be reached`);
}

function readCapped(response: Response, request: OutboundRequest): Promise<string> {
  return readBoundedText(
    response.body,
    response.headers.get('content-length'),
    request.maxBytes,
    () => new FunctionError(502, `${request.service} sent an answer larger than ${request.maxBytes} bytes`),
  );
}

/** Sends one bounded request and returns its status and body text, whatever the status. */
export async function sendOutbound(request: OutboundRequest): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'error',
      signal: deadline,
    });
    return { status: response.status, text: await readCapped(response, request) };
  } catch (error) {
    if (error instanceof FunctionError) throw error;
    if (deadline.aborted) throw new FunctionError(504, `${request.service} did not answer in time`);
    throw describeFetchFailure(request.service, error);
  }
}

/** Parses an answer's body as JSON; a body that is not JSON is the service's failure (502). */
export function parseJsonAnswer(service: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new FunctionError(502, `${service} sent an answer that is not JSON`);
  }
}
