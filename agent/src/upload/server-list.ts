// One or more server addresses (`--server http://a:8080,http://b:8080`, nodes of one cluster behind no balancer
// or behind several): every request goes to the current one, and a failure of the current one (no connection,
// no answer, 502/503/504, the control channel cut) moves the agent to the next, round robin. The callers' own
// retries with backoff (clip uploads, the control channel) then reach the next node, and the spool keeps each
// clip until a node answers 200: uploads are idempotent by camera and minute across nodes, as they share one
// database.

/** The addresses of a comma list; throws naming the first that is not an http(s) URL. */
export function parseServerList(list: string): URL[] {
  const urls = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((text) => {
      const url = URL.canParse(text) ? new URL(text) : null;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host)
        throw new Error(`server URL must be http:// or https://, not ${text}`);
      return url;
    });
  if (urls.length === 0) throw new Error('no server URL given');
  return urls;
}

export class ServerList {
  readonly urls: readonly URL[];
  private index = 0;

  constructor(list: string) {
    this.urls = parseServerList(list);
  }

  /** The server requests go to now. */
  get current(): URL {
    return this.urls[this.index]!;
  }

  /**
   * The server at `address` (any URL of it: http, ws) failed: move on to the next. Nothing changes when the
   * current server is already another one (a second report of the same failure must not skip a good node).
   */
  failed(address: string | URL): boolean {
    if (this.urls.length < 2) return false;
    const url = typeof address === 'string' ? new URL(address) : address;
    if (url.host !== this.current.host) return false;
    this.index = (this.index + 1) % this.urls.length;
    return true;
  }
}
