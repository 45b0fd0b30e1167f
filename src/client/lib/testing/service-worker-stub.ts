// Test helper: a navigator.serviceWorker with a controlling worker whose messages are recorded
// (jsdom has no service workers). `emit` delivers a worker notice to the page.
import { vi } from 'vitest';

export interface ServiceWorkerStub {
  /** What the page posted to the worker, in order. */
  posted: unknown[];
  /** The transferred ports of each posted message. */
  ports: MessagePort[][];
  emit(data: unknown): void;
  restore(): void;
}

export function stubServiceWorker(): ServiceWorkerStub {
  const posted: unknown[] = [];
  const ports: MessagePort[][] = [];
  const target = new EventTarget();
  const controller = {
    postMessage: vi.fn((message: unknown, transfer: Transferable[] = []) => {
      posted.push(message);
      ports.push(transfer as MessagePort[]);
    }),
  };
  const container = {
    controller,
    ready: new Promise<never>(() => undefined),
    getRegistration: () => Promise.resolve(undefined),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return {
    posted,
    ports,
    emit(data) {
      target.dispatchEvent(new MessageEvent('message', { data }));
    },
    restore() {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
}
