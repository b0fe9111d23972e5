// The Prometheus metrics of one node (GET /metrics, prom-client): HTTP requests by route and status with their
// latency, clip uploads accepted and refused, what this node's AgentHub holds (agents, live viewers), the
// database pool, and the job queues' state read from the shared jobs table at each scrape (so every node shows
// the whole cluster's queues: take them from one node, or max() across nodes). Each app has its own registry,
// so several apps in one process (tests) never mix their counts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { AgentHub } from '../realtime/agent-hub.ts';
import { ObservabilityRepository, type JobStateCount } from './observability.repository.ts';

/** The bus's state, when the node has one (REDIS_URL). */
interface BusState {
  connected: boolean;
}

interface MetricsSources {
  db: Db;
  hub: Pick<AgentHub, 'stats'>;
  bus?: () => BusState;
  now?: () => number;
}

/** Seconds; from a prepared JSON answer (~1 ms) to a long poll for the next live still (up to ~25 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const JOB_STATES = ['queued', 'running', 'failed'] as const;

export class Metrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly clipsIngested: Counter;
  private readonly clipsRejected: Counter<'status'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    const now = sources.now ?? Date.now;
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'camwatch_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'camwatch_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.clipsIngested = new Counter({
      name: 'camwatch_clips_ingested_total',
      help: 'Clip uploads accepted by this node (a repeated upload of a stored minute counts again)',
      registers,
    });
    this.clipsRejected = new Counter({
      name: 'camwatch_clips_rejected_total',
      help: 'Clip uploads refused by this node, by status (4xx: the clip or its request; 5xx: this side)',
      labelNames: ['status'],
      registers,
    });

    const hubGauge = (name: string, help: string, read: (s: ReturnType<AgentHub['stats']>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(sources.hub.stats()));
        },
      });
    hubGauge(
      'camwatch_agents_connected',
      'Camera agents whose control channel is open on this node',
      (s) => s.agents,
    );
    hubGauge(
      'camwatch_live_cameras',
      'Cameras someone watches live (stills) through this node',
      (s) => s.liveCameras,
    );
    hubGauge(
      'camwatch_live_stream_cameras',
      'Cameras whose live HLS stream someone plays through this node',
      (s) => s.streamCameras,
    );
    hubGauge(
      'camwatch_live_viewers_waiting',
      "Live viewers' requests waiting on this node for a camera's next still",
      (s) => s.waitingViewers,
    );

    const repository = new ObservabilityRepository(sources.db);
    new Gauge({
      name: 'camwatch_db_pool_connections',
      help: 'PostgreSQL pool of this node: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = repository.poolState();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
        this.set({ state: 'max' }, pool.max);
      },
    });

    // One query per scrape feeds the three gauges below: prom-client collects every metric at once, so each
    // collect awaits the same pending read (null when the database did not answer).
    let pending: Promise<JobStateCount[] | null> | null = null;
    const jobStates = () =>
      (pending ??= repository
        .jobStates(new Date(now()))
        .catch(() => null)
        .finally(() => (pending = null)));
    new Gauge({
      name: 'camwatch_jobs',
      help: 'Jobs of the cluster not done, by kind and state (queued, running, failed)',
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        const rows = await jobStates();
        this.reset();
        for (const row of rows ?? []) this.set({ kind: row.kind, state: row.status }, row.count);
        // Known states read as 0 rather than missing, so an alert on a state sees the kind come and go.
        for (const kind of new Set((rows ?? []).map((r) => r.kind)))
          for (const state of JOB_STATES)
            if (!rows?.some((r) => r.kind === kind && r.status === state)) this.set({ kind, state }, 0);
      },
    });
    new Gauge({
      name: 'camwatch_jobs_oldest_queued_seconds',
      help: 'How long the oldest due queued job of each kind has waited to be taken',
      labelNames: ['kind'],
      registers,
      async collect() {
        const rows = await jobStates();
        this.reset();
        for (const row of rows ?? [])
          if (row.status === 'queued') this.set({ kind: row.kind }, row.oldestDueSeconds);
      },
    });
    new Gauge({
      name: 'camwatch_database_up',
      help: 'Whether this scrape could read the job counts from the database (1) or not (0)',
      registers,
      async collect() {
        this.set((await jobStates()) ? 1 : 0);
      },
    });

    if (sources.bus) {
      const bus = sources.bus;
      new Gauge({
        name: 'camwatch_bus_connected',
        help: 'Whether this node is connected to the bus (REDIS_URL): 1 yes, 0 no',
        registers,
        collect() {
          this.set(bus().connected ? 1 : 0);
        },
      });
    }
  }

  /** Counts an answered request (route: the pattern, never the address, which may carry a token). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** Counts the outcome of a clip upload by its answer's status. */
  observeClipUpload(status: number): void {
    if (status < 300) this.clipsIngested.inc();
    else this.clipsRejected.inc({ status: String(status) });
  }

  /** The text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
