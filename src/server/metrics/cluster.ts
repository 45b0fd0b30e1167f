// WORKERS > 1 (ADR 0032): a scrape lands on one worker, but the numbers must be every worker's.
// The primary holds prom-client's AggregatorRegistry, which asks each worker for its registry and
// sums them (or takes the largest, for gauges read from the shared database: metrics/domain.ts);
// a worker that is scraped asks the primary for that sum over the cluster's IPC channel.
import cluster from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';
import { registry } from './registry.ts';

const ASK = 'portal:metrics-ask';
const ANSWER = 'portal:metrics-answer';
/** prom-client gives up on a silent worker after 5 s; the worker waits a little longer for the primary. */
const ANSWER_TIMEOUT_MS = 7_000;

export interface MetricsText {
  contentType: string;
  text: string;
}

type Message = { type?: unknown; id?: unknown; text?: unknown; error?: unknown };

let aggregator: AggregatorRegistry<PrometheusContentType> | undefined;

/** In the primary: answers the workers' asks with the sum over all of them. */
export function aggregateWorkers(): void {
  const sum = new AggregatorRegistry<PrometheusContentType>();
  aggregator = sum;
  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== ASK) return;
    sum.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
}

/** The sum over the workers, in the primary (its own METRICS_PORT listener, metrics/port.ts). */
export async function clusterText(): Promise<MetricsText> {
  if (!aggregator) throw new Error('aggregateWorkers() was not called in this primary');
  return { contentType: aggregator.contentType, text: await aggregator.clusterMetrics() };
}

const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let asked = 0;

/** In a worker: lets the primary read this registry, and hears the primary's answers. */
export function serveWorkerMetrics(): void {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor is what makes a worker answer the primary's requests.
  new AggregatorRegistry<PrometheusContentType>();
  process.on('message', (message: Message) => {
    if (message?.type !== ANSWER || typeof message.id !== 'number') return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (typeof message.text === 'string') pending?.resolve(message.text);
    else pending?.reject(new Error(String(message.error)));
  });
}

function askPrimary(): Promise<string> {
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer with the metrics'));
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send?.({ type: ASK, id });
  });
}

/** What GET /metrics answers: this process's registry, or in a worker the whole cluster's. */
export async function metricsText(): Promise<MetricsText> {
  if (cluster.isWorker) return { contentType: registry.contentType, text: await askPrimary() };
  return { contentType: registry.contentType, text: await registry.metrics() };
}
