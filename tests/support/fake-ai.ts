/**
 * A fake OpenAI-compatible chat endpoint: POST /v1/chat/completions answered with a chat completion
 * whose message content the test chooses (by default, profile fields derived from the profile JSON
 * in the user message, so a test can tell which profile was summarised).
 */
import { sendJson, startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from './fake-http.ts';

export interface FakeAi extends FakeServer {
  apiKey: string;
  /** Base URL to configure as AI_API_URL (…/v1). */
  apiUrl: string;
  /** Answer every request with a completion carrying this message content. */
  answerWithContent(content: string): void;
  /** Back to the default: fields derived from the profile. */
  answerFromProfile(): void;
}

export interface ChatRequest {
  model: string;
  response_format?: { type: string };
  messages: Array<{ role: string; content: string }>;
}

export function chatRequestOf(request: RecordedRequest): ChatRequest {
  return JSON.parse(request.body) as ChatRequest;
}

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

/** What the fake "model" writes for a profile: recognisable, deterministic. */
export function insightsFor(profile: { full_name: string; headline: string }) {
  return {
    bio: `${profile.full_name} is ${profile.headline}.`,
    priorities: 'Data governance, AI adoption, Data literacy',
    current_focus: `Building the data platform as ${profile.headline}.`,
    future_focus: 'Scaling responsible AI across the group.',
  };
}

export async function startFakeAi(apiKey = 'ai-test-key'): Promise<FakeAi> {
  const guard = (request: RecordedRequest): string | null => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return 'bad key';
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return 'no route';
    return null;
  };
  const fromProfile: FakeReply = (request, response) => {
    const problem = guard(request);
    if (problem) return sendJson(response, problem === 'bad key' ? 401 : 404, { error: problem });
    const profile = JSON.parse(chatRequestOf(request).messages.at(-1)?.content ?? '{}');
    sendJson(response, 200, completion(JSON.stringify(insightsFor(profile))));
  };
  const server = await startFakeServer(fromProfile);
  return Object.assign(server, {
    apiKey,
    apiUrl: `${server.url}/v1`,
    answerWithContent(content: string) {
      server.reply = (request, response) => {
        const problem = guard(request);
        if (problem) return sendJson(response, 404, { error: problem });
        sendJson(response, 200, completion(content));
      };
    },
    answerFromProfile() {
      server.reply = fromProfile;
    },
  });
}
