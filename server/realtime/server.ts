/**
 * The realtime endpoint, /realtime/v1/websocket: the socket lifecycle of Supabase Realtime as
 * realtime-js sees it. The upgrade needs a valid API key in `apikey` (the gateway's rule, 401
 * otherwise); `vsn` picks the frame format. On a socket: heartbeats on topic `phoenix`; `phx_join`
 * of `realtime:<name>` with `config.postgres_changes` bindings and an `access_token` (the anon key
 * or a user's JWT, verified; the socket's API key when absent); `access_token` pushes that swap a
 * channel's identity; `phx_leave`. Each channel acts as its own token's role and claims, and
 * delivery.ts reads every change under that identity.
 *
 * Limits: channels per socket, message size, and a socket silent for longer than the idle timeout
 * (realtime-js sends a heartbeat every 25 s) is closed. realtime-js reconnects and rejoins by
 * itself; the server just accepts the new joins. When the change feed may have lost changes, every
 * socket is dropped so that clients reconnect and resync.
 *
 * Broadcast and presence are not served: the app uses postgres_changes only.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { ApiRole, RequestContext } from '../db/database.ts';
import { JwtError, type JwtKeys } from '../http/jwt.ts';
import { logError } from '../log.ts';
import type { BackendServices } from '../services.ts';
import { ChangeFeed } from './change-feed.ts';
import { Delivery, type Identity, type Subscriber } from './delivery.ts';
import {
  DEFAULT_PROTOCOL_VERSION,
  EVENTS,
  HEARTBEAT_TOPIC,
  PROTOCOL_VERSIONS,
  closeFrame,
  decodeFrame,
  encodeFrame,
  errorReply,
  replyFrame,
  subTopic,
  systemFrame,
  type Frame,
  type ProtocolVersion,
} from './protocol.ts';
import {
  SubscriptionError,
  bindingProblem,
  conditionsCheckSql,
  parseBinding,
  type PostgresBinding,
} from './subscriptions.ts';
import { TableAccess } from './table-access.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeLimits {
  /** Channels one socket may have joined at once. */
  maxChannelsPerSocket: number;
  /** Largest frame accepted from a client, bytes (larger closes the socket with 1009). */
  maxMessageBytes: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed, ms. */
  idleTimeoutMs: number;
  /** A client that lets this much unsent data pile up is cut off (it resyncs on reconnect), bytes. */
  maxBufferedBytes: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxChannelsPerSocket: 100,
  maxMessageBytes: 1024 * 1024,
  idleTimeoutMs: 60_000,
  maxBufferedBytes: 16 * 1024 * 1024,
};

export interface RealtimeServer {
  /** Open sockets. */
  connectionCount(): number;
  /** Cuts every socket as a network failure would; clients reconnect and rejoin. */
  dropAllConnections(): void;
  close(): Promise<void>;
}

const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];
/** setTimeout cannot wait longer (about 24.8 days); tokens valid longer are not timed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface VerifiedToken {
  identity: Identity;
  token: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number | null;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  token: VerifiedToken;
  /** Every binding of the join, as echoed to the client. */
  bindings: PostgresBinding[];
  /** The bindings that passed their checks for the current identity. */
  active: PostgresBinding[];
  expiryTimer?: NodeJS.Timeout;
}

async function verifyToken(keys: JwtKeys, token: string): Promise<VerifiedToken | { reason: string }> {
  let claims: Record<string, unknown>;
  try {
    claims = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired')
      return { reason: 'InvalidJWTToken: Token has expired' };
    return { reason: 'InvalidJWTToken: Invalid token' };
  }
  const role = claims.role;
  if (typeof role !== 'string' || !API_ROLES.includes(role as ApiRole)) {
    return { reason: 'InvalidJWTToken: The role of the token is not permitted' };
  }
  const context: RequestContext = { role: role as ApiRole, claims, readOnly: true };
  return {
    identity: { key: JSON.stringify([role, claims]), context },
    token,
    expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
  };
}

function rejectUpgrade(socket: Duplex, status: 400 | 401 | 404, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** Shared by all sockets: the keys, the catalog cache, the binding checks, the feed. */
class Hub {
  readonly connections = new Set<Connection>();
  private nextBindingId = 1;

  constructor(
    readonly services: BackendServices,
    readonly limits: RealtimeLimits,
    readonly access: TableAccess,
    readonly feed: () => ChangeFeed,
  ) {}

  bindingId(): number {
    const id = this.nextBindingId;
    this.nextBindingId = id >= Number.MAX_SAFE_INTEGER ? 1 : id + 1;
    return id;
  }

  subscribers(): Subscriber[] {
    return [...this.connections].flatMap((connection) => connection.subscribers());
  }

  /**
   * Why a binding cannot deliver for `role`, or null when it can: its table is not published
   * (hosted's message), or its filter or select names a column that is unknown, not selectable
   * by the role, or given a value the column's type does not take.
   */
  async bindingProblem(binding: PostgresBinding, role: ApiRole): Promise<string | null> {
    const feed = this.feed();
    const unavailable = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${binding.echo.event}, schema: ${binding.schema}, table: ${binding.table ?? '*'}, filters: [${binding.echo.filter ?? ''}]]`;
    if (binding.table === null && (binding.conditions.length > 0 || binding.select)) {
      return `${unavailable}: a filter or select needs a table`;
    }
    if (!(await feed.captures(binding.schema, binding.table))) return unavailable;
    if (binding.table === null) return null;
    const info = await this.access.table(binding.schema, binding.table);
    const access = await this.access.forRole(binding.schema, binding.table, role);
    if (!info || !access) return unavailable;
    if (info.keyColumns.length === 0) return `${unavailable}: the table has no primary key`;
    const problem = bindingProblem(binding, info, access);
    if (problem) return `Error parsing filter params: ${problem}`;
    if (binding.conditions.length > 0) {
      const params: unknown[] = [];
      const columns = new Map(info.columns.map((c) => [c.name, c]));
      try {
        await this.services.db.query(`select ${conditionsCheckSql(binding.conditions, columns, params)}`, params);
      } catch (error) {
        return `Error parsing filter params: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return null;
  }

  /** The bindings of a channel that can deliver for `role`, and the problems of the others. */
  async checkBindings(
    bindings: readonly PostgresBinding[],
    role: ApiRole,
  ): Promise<{ active: PostgresBinding[]; problems: string[] }> {
    const active: PostgresBinding[] = [];
    const problems: string[] = [];
    for (const binding of bindings) {
      const problem = await this.bindingProblem(binding, role);
      if (problem) problems.push(problem);
      else active.push(binding);
    }
    return { active, problems };
  }
}

/** One client socket and its channels. Frames are handled one after another, in arrival order. */
class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  lastSeen = Date.now();
  /** Set once the server has started closing the socket for silence. */
  idleClosing = false;

  constructor(
    readonly ws: WebSocket,
    private readonly vsn: ProtocolVersion,
    private readonly apiKey: string,
    private readonly hub: Hub,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', () => ws.terminate());
  }

  subscribers(): Subscriber[] {
    return [...this.channels.values()]
      .filter((channel) => channel.active.length > 0)
      .map((channel) => ({
        identity: channel.token.identity,
        bindings: channel.active,
        send: (message) =>
          this.send({
            joinRef: channel.joinRef,
            ref: null,
            topic: channel.topic,
            event: EVENTS.postgresChanges,
            payload: message as unknown as Record<string, unknown>,
          }),
      }));
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    // Binary frames are 2.0.0's user broadcasts, which the local backend does not serve.
    if (isBinary) return;
    const frame = decodeFrame(data.toString(), this.vsn);
    if (!frame) return;
    this.queue = this.queue
      .then(() => this.handle(frame))
      .catch((error: unknown) =>
        logError(`realtime: handling ${frame.event} on ${frame.topic} failed: ${String(error)}`),
      );
  }

  private send(frame: Frame): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.hub.limits.maxBufferedBytes) {
      this.ws.terminate();
      return;
    }
    this.ws.send(encodeFrame(frame, this.vsn));
  }

  private async handle(frame: Frame): Promise<void> {
    if (frame.topic === HEARTBEAT_TOPIC && frame.event === EVENTS.heartbeat) {
      this.send(replyFrame(frame, 'ok'));
      return;
    }
    if (frame.event === EVENTS.join) {
      await this.join(frame);
      return;
    }
    const channel = this.channels.get(frame.topic);
    if (!channel) {
      if (frame.ref !== null) this.send(errorReply(frame, 'unmatched topic'));
      return;
    }
    switch (frame.event) {
      case EVENTS.leave:
        this.endChannel(channel);
        this.send(replyFrame(frame, 'ok'));
        return;
      case EVENTS.accessToken:
        await this.swapToken(channel, frame.payload.access_token);
        return;
      default:
        if (frame.ref !== null) {
          this.send(errorReply(frame, `${frame.event} is not supported by the local backend (postgres_changes only)`));
        }
    }
  }

  private async join(frame: Frame): Promise<void> {
    const { topic } = frame;
    if (!topic.startsWith('realtime:')) {
      this.send(errorReply(frame, 'unmatched topic'));
      return;
    }
    const previous = this.channels.get(topic);
    if (previous) {
      // A second join of a joined topic replaces the first (Phoenix closes the old one).
      this.endChannel(previous);
      this.send(closeFrame(topic, previous.joinRef));
    } else if (this.channels.size >= this.hub.limits.maxChannelsPerSocket) {
      this.send(
        errorReply(
          frame,
          `ChannelRateLimitReached: Too many channels (at most ${this.hub.limits.maxChannelsPerSocket} per connection)`,
        ),
      );
      return;
    }
    const accessToken = frame.payload.access_token;
    const verified = await verifyToken(
      this.hub.services.keys,
      typeof accessToken === 'string' && accessToken !== '' ? accessToken : this.apiKey,
    );
    if ('reason' in verified) {
      this.send(errorReply(frame, verified.reason));
      return;
    }
    const config = (
      typeof frame.payload.config === 'object' && frame.payload.config !== null ? frame.payload.config : {}
    ) as Record<string, unknown>;
    if (config.private === true) {
      // Private channels are authorised by policies on realtime.messages, which the local backend
      // does not have: hosted Supabase refuses them the same way without such policies.
      this.send(
        errorReply(
          frame,
          `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`,
        ),
      );
      return;
    }
    let bindings: PostgresBinding[];
    try {
      const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
      bindings = requested.map((entry) => parseBinding(entry, this.hub.bindingId()));
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      this.send(errorReply(frame, `Error parsing postgres_changes: ${error.message}`));
      return;
    }
    const { active, problems } = await this.hub.checkBindings(bindings, verified.identity.context.role);
    const options = config.postgres_changes_options as { wait?: unknown } | undefined;
    if (problems.length > 0 && options?.wait === true) {
      this.send(errorReply(frame, `RealtimeDisabledForConfiguration: ${problems.join('; ')}`));
      return;
    }
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const channel: Channel = { topic, joinRef: frame.joinRef, token: verified, bindings, active };
    this.channels.set(topic, channel);
    this.scheduleExpiry(channel);
    this.send(replyFrame(frame, 'ok', { postgres_changes: bindings.map((b) => ({ id: b.id, ...b.echo })) }));
    if (bindings.length > 0) {
      this.send(
        systemFrame(topic, channel.joinRef, {
          status: problems.length > 0 ? 'error' : 'ok',
          extension: 'postgres_changes',
          message: problems.length > 0 ? problems.join('; ') : 'Subscribed to PostgreSQL',
        }),
      );
    }
  }

  /** A new token for a joined channel: re-verified; a bad one closes the channel, as hosted does. */
  private async swapToken(channel: Channel, accessToken: unknown): Promise<void> {
    if (typeof accessToken !== 'string' || accessToken === '' || accessToken === channel.token.token) return;
    const verified = await verifyToken(this.hub.services.keys, accessToken);
    if (this.channels.get(channel.topic) !== channel) return;
    if ('reason' in verified) {
      this.closeWithError(channel, verified.reason);
      return;
    }
    channel.token = verified;
    channel.active = (await this.hub.checkBindings(channel.bindings, verified.identity.context.role)).active;
    this.scheduleExpiry(channel);
  }

  /** Closes the channel when its token expires (realtime-js refreshes tokens before that). */
  private scheduleExpiry(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    channel.expiryTimer = undefined;
    if (channel.token.expiresAt === null) return;
    const wait = channel.token.expiresAt * 1000 - Date.now();
    if (wait > MAX_TIMER_MS) return;
    channel.expiryTimer = setTimeout(
      () => {
        if (this.channels.get(channel.topic) === channel)
          this.closeWithError(channel, 'InvalidJWTToken: Token has expired');
      },
      Math.max(0, wait),
    );
    channel.expiryTimer.unref();
  }

  private closeWithError(channel: Channel, reason: string): void {
    this.send(systemFrame(channel.topic, channel.joinRef, { status: 'error', extension: 'system', message: reason }));
    this.endChannel(channel);
    this.send(closeFrame(channel.topic, channel.joinRef));
  }

  private endChannel(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private closed(): void {
    for (const channel of this.channels.values()) clearTimeout(channel.expiryTimer);
    this.channels.clear();
    this.hub.connections.delete(this);
  }
}

/**
 * Starts realtime on `server`: installs the change capture, listens for changes and answers
 * WebSocket upgrades on /realtime/v1/websocket (other upgrade paths get 404).
 */
export async function startRealtime(
  server: Server,
  services: BackendServices,
  limits: Partial<RealtimeLimits> = {},
): Promise<RealtimeServer> {
  const settings: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...limits };
  const access = new TableAccess(services.db);
  const delivery = new Delivery(services.db, access);
  // Joins reach the feed only once sockets are accepted, after it has started.
  const hub = new Hub(services, settings, access, () => feed);
  const dropAllConnections = () => {
    for (const connection of hub.connections) connection.ws.terminate();
  };
  const feed = await ChangeFeed.start(services.db, {
    onChanges: (changes) => delivery.deliver(changes, hub.subscribers()),
    onGap: dropAllConnections,
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxMessageBytes });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      rejectUpgrade(socket, 404, { message: 'no Route matched with those values' });
      return;
    }
    const header = request.headers.apikey;
    const apiKey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    // The gateway's rule (checkApiKey): the project's anon or service-role key, nothing else.
    if (!apiKey) {
      rejectUpgrade(socket, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      return;
    }
    if (apiKey !== services.keys.anonKey && apiKey !== services.keys.serviceRoleKey) {
      rejectUpgrade(socket, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
      return;
    }
    const vsn = (url.searchParams.get('vsn') ?? DEFAULT_PROTOCOL_VERSION) as ProtocolVersion;
    if (!PROTOCOL_VERSIONS.includes(vsn)) {
      rejectUpgrade(socket, 400, { message: `Unsupported protocol version ${vsn}` });
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      hub.connections.add(new Connection(ws, vsn, apiKey, hub));
    });
  };
  server.on('upgrade', onUpgrade);

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of hub.connections) {
        if (!connection.idleClosing && now - connection.lastSeen > settings.idleTimeoutMs) {
          connection.idleClosing = true;
          connection.ws.close(1000, 'heartbeat timeout');
          setTimeout(() => connection.ws.terminate(), 2000).unref();
        }
      }
    },
    Math.min(5000, Math.max(50, settings.idleTimeoutMs / 4)),
  );
  sweep.unref();

  return {
    connectionCount: () => hub.connections.size,
    dropAllConnections,
    async close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      dropAllConnections();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
  };
}
