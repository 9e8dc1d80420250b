/**
 * The Phoenix channel frames that realtime-js speaks. A socket picks its serializer with the `vsn`
 * query parameter: 2.0.0 (realtime-js's default) sends each message as a JSON array
 * `[join_ref, ref, topic, event, payload]`, 1.0.0 as a JSON object with those keys. Binary frames
 * (2.0.0's user broadcasts) are not decoded: the local backend serves postgres_changes only.
 */

export type ProtocolVersion = '1.0.0' | '2.0.0';

export const PROTOCOL_VERSIONS: readonly ProtocolVersion[] = ['1.0.0', '2.0.0'];

/** What a Phoenix server assumes when the client names no version. */
export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '1.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** Reserved events of the Phoenix channel protocol, and Supabase's own. */
export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  postgresChanges: 'postgres_changes',
  system: 'system',
} as const;

/** The topic heartbeats travel on. */
export const HEARTBEAT_TOPIC = 'phoenix';

function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses one text frame; null when it is not a frame of this protocol version. */
export function decodeFrame(text: string, vsn: ProtocolVersion): Frame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  let joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown;
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    [joinRef, ref, topic, event, payload] = parsed as unknown[];
  } else {
    if (!isRecord(parsed)) return null;
    ({ join_ref: joinRef, ref, topic, event, payload } = parsed);
  }
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return {
    joinRef: refOf(joinRef),
    ref: refOf(ref),
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
  };
}

export function encodeFrame(frame: Frame, vsn: ProtocolVersion): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** The answer to a push: `phx_reply` with the push's ref, `{status, response}`. */
export function replyFrame(
  to: Pick<Frame, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
): Frame {
  return { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: EVENTS.reply, payload: { status, response } };
}

/** An error reply with Supabase's shape `{reason}`; realtime-js shows the reason to the caller. */
export function errorReply(to: Pick<Frame, 'joinRef' | 'ref' | 'topic'>, reason: string): Frame {
  return replyFrame(to, 'error', { reason });
}

/** Tells the client the server ended its channel (sent with the channel's join ref as ref). */
export function closeFrame(topic: string, joinRef: string | null): Frame {
  return { joinRef, ref: joinRef, topic, event: EVENTS.close, payload: {} };
}

/** Supabase's `system` message: the state of the channel's extensions, or why it closes. */
export function systemFrame(
  topic: string,
  joinRef: string | null,
  message: { status: 'ok' | 'error'; extension: 'postgres_changes' | 'system'; message: string },
): Frame {
  return {
    joinRef,
    ref: null,
    topic,
    event: EVENTS.system,
    payload: { ...message, channel: subTopic(topic) },
  };
}

/** The part of a topic after `realtime:` (what realtime-js calls the sub-topic). */
export function subTopic(topic: string): string {
  return topic.replace(/^realtime:/i, '');
}
