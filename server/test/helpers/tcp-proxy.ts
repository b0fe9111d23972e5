// A TCP proxy in front of PostgreSQL for fault tests: the server under test connects through it, and the
// test can hold the bytes going to the database (so a query is surely in flight), cut every connection
// and refuse new ones (the database is gone), and open again (it is back). The shared PostgreSQL service
// itself is never restarted: other tests use it.
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export class TcpProxy {
  port = 0;
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  /** Bytes toward the database kept back while held, in order. */
  private held: { pair: Pair; chunk: Buffer }[] | null = null;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on port (a free one the first time; the same one again after cut()). */
  async open(): Promise<void> {
    const server = net.createServer((client) => this.connect(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Keeps back what clients send to the database until release(). */
  hold(): void {
    this.held = [];
  }

  /** What is held so far, as text (PostgreSQL sends a query's SQL as plain text). */
  heldText(): string {
    return Buffer.concat((this.held ?? []).map((h) => h.chunk)).toString('latin1');
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { pair, chunk } of held) if (!pair.upstream.destroyed) pair.upstream.write(chunk);
  }

  /** Drops every connection at once and refuses new ones: the database is gone. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  private connect(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (this.held) this.held.push({ pair, chunk });
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    for (const socket of [client, upstream]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  }
}
