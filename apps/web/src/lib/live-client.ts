import {
  LIVE_ACTIONS,
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_PATH,
  LIVE_PING_INTERVAL_MS,
  type LiveClientMessage,
  type LiveServerMessage,
  parseLiveServerMessage,
} from '@towerwatch/contract';
import {
  LIVE_CONNECTION_STATES,
  type LiveConnectionState,
  needsReconnect,
  SOCKET_RECONNECT_CHECK_MS,
} from '@towerwatch/domain';
import { refreshSession } from './api-client.ts';
import { createExternalStore } from './external-store.ts';
import { getAccessToken, subscribeTokens } from './token-store.ts';

/** Connection states of the live socket (docs/requirements.md#live-connection). */
export type LiveState = LiveConnectionState;

/** An incoming live message: `{ event, payload }` validated against the contract (docs/requirements.md#live-socket). */
export type LiveMessage = LiveServerMessage;

/** The live connection state, for the status badge. */
export const liveStateStore = createExternalStore<LiveState>('closed');

type Handler = (message: LiveMessage) => void;

/**
 * One socket per tab to /wss. On open it sends LOGIN with the access token (the server refuses a bare
 * user id); it PINGs every 10 s; every 7 s it checks the socket and reconnects when it is closing or
 * closed or was marked not alive by an error or close (docs/requirements.md#live-connection, docs/requirements.md#live-socket).
 */
class LiveClient {
  private socket: WebSocket | null = null;
  private alive = false;
  private started = false;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;
  private readonly handlers = new Set<Handler>();
  private sessionSiteUid: string | null = null;

  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
    this.pingTimer = setInterval(() => this.send({ action: LIVE_ACTIONS.PING }), LIVE_PING_INTERVAL_MS);
    this.checkTimer = setInterval(() => this.check(), SOCKET_RECONNECT_CHECK_MS);
  }

  stop(): void {
    this.started = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.pingTimer = null;
    this.checkTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.alive = false;
    socket?.close(1000, 'logout');
    liveStateStore.set('closed');
  }

  /** Starts a user session for a site on the socket (sent again after each reconnect). */
  startSession(siteUid: string | null): void {
    this.sessionSiteUid = siteUid;
    this.send(
      siteUid
        ? { action: LIVE_ACTIONS.SESSION_START, site_uid: siteUid }
        : { action: LIVE_ACTIONS.SESSION_END },
    );
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** The readyState as one of the four named states. */
  state(): LiveState {
    return this.socket ? (LIVE_CONNECTION_STATES[this.socket.readyState] ?? 'closed') : 'closed';
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private check(): void {
    liveStateStore.set(this.state());
    const state = this.state();
    if (needsReconnect(state, this.alive)) this.connect();
  }

  private connect(): void {
    const token = getAccessToken();
    if (!token || !this.started) return;
    const previous = this.socket;
    if (previous && previous.readyState <= WebSocket.OPEN && this.alive) return;
    previous?.close();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${LIVE_PATH}`);
    this.socket = socket;
    this.alive = true;
    liveStateStore.set('connecting');
    socket.onopen = () => {
      liveStateStore.set('open');
      this.send({ action: LIVE_ACTIONS.LOGIN, token: getAccessToken() ?? '' });
      if (this.sessionSiteUid)
        this.send({ action: LIVE_ACTIONS.SESSION_START, site_uid: this.sessionSiteUid });
    };
    socket.onmessage = (event) => {
      const message = parseLiveServerMessage(String(event.data));
      if (!message) return;
      for (const handler of this.handlers) handler(message);
    };
    socket.onerror = () => {
      this.alive = false;
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.alive = false;
      liveStateStore.set('closed');
      // The access token ran out while the socket was open: refresh it; the next check reconnects.
      if (event.code === LIVE_CLOSE_CODES.UNAUTHORIZED && event.reason === LIVE_CLOSE_REASONS.TOKEN_EXPIRED) {
        void refreshSession();
      }
    };
  }

  /** A new access token (refresh or login): log the socket in again with it. */
  reauthenticate(): void {
    if (!this.started) return;
    const token = getAccessToken();
    if (!token) {
      this.stop();
      return;
    }
    this.send({ action: LIVE_ACTIONS.LOGIN, token });
  }
}

/** The tab's one live client. */
export const liveClient = new LiveClient();

if (typeof window !== 'undefined') {
  let lastToken = getAccessToken();
  subscribeTokens(() => {
    const token = getAccessToken();
    if (token !== lastToken) {
      lastToken = token;
      liveClient.reauthenticate();
    }
  });
}
