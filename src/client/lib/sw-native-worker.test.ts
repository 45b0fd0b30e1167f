import { describe, expect, it, vi } from 'vitest';
import { nativeWorker } from './sw-register.ts';

/** A worker whose state the test moves on, as the browser would. */
function fakeWorker(state: ServiceWorkerState) {
  const worker = Object.assign(new EventTarget(), { state, postMessage: vi.fn() });
  return {
    worker: worker as unknown as ServiceWorker,
    postMessage: worker.postMessage,
    moveTo(next: ServiceWorkerState) {
      worker.state = next;
      worker.dispatchEvent(new Event('statechange'));
    },
  };
}

/** navigator.serviceWorker as far as nativeWorker uses it. */
function fakeContainer(controller: ServiceWorker | null, found: Partial<ServiceWorkerRegistration>) {
  const registration = Object.assign(new EventTarget(), { waiting: null, installing: null, update: vi.fn() }, found);
  const container = Object.assign(new EventTarget(), {
    controller,
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration),
  });
  return { container: container as unknown as ServiceWorkerContainer, registration };
}

describe('the service worker on the browser API', () => {
  it('announces a new version that installed beside the controlling one, and asks it to take over', async () => {
    const current = fakeWorker('activated');
    const next = fakeWorker('installing');
    const { container, registration } = fakeContainer(current.worker, {});
    const worker = nativeWorker(container);
    const waiting = vi.fn();
    const controlling = vi.fn();
    worker.addEventListener('waiting', waiting);
    worker.addEventListener('controlling', controlling);
    await worker.register('/sw.js');
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', type: 'classic' });

    // A later check finds the new version.
    Object.assign(registration, { installing: next.worker });
    registration.dispatchEvent(new Event('updatefound'));
    expect(waiting).not.toHaveBeenCalled();
    next.moveTo('installed');
    expect(waiting).toHaveBeenCalledTimes(1);

    Object.assign(registration, { installing: null, waiting: next.worker });
    worker.messageSkipWaiting();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(controlling).toHaveBeenCalledTimes(1);
  });

  it('announces a version already waiting when the page starts', async () => {
    const next = fakeWorker('installed');
    const { container } = fakeContainer(fakeWorker('activated').worker, { waiting: next.worker });
    const worker = nativeWorker(container);
    const waiting = vi.fn();
    worker.addEventListener('waiting', waiting);
    await worker.register('/sw.js');
    expect(waiting).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the first install, which takes over without asking', async () => {
    const first = fakeWorker('installing');
    const { container } = fakeContainer(null, { installing: first.worker });
    const worker = nativeWorker(container);
    const waiting = vi.fn();
    worker.addEventListener('waiting', waiting);
    await worker.register('/sw.js');
    first.moveTo('installed');
    first.moveTo('activated');
    expect(waiting).not.toHaveBeenCalled();
  });
});
