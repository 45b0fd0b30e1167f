// The OpenAPI document as outside tools read it (ADR 0050): openapi-typescript makes types of the
// document a real server serves, tsc type-checks a back office's day written with openapi-fetch
// against them (no casts), the day runs against that server, and Redocly's recommended rules pass.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { typesOf } from 'portal-openapi-typescript';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyEvent } from '#shared/api/integration-events.ts';
import { PDF_BYTES } from '../../../../tests/setup/back-office.ts';
import {
  createTestApp,
  TEST_INTEGRATION_TOKEN,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const script = fileURLToPath(new URL('./openapi-client/back-office-day.ts', import.meta.url));

/** What back-office-day.ts hands back (not imported: its types exist only once generated). */
interface DayOutcome {
  fileSize: number;
  downloaded: Uint8Array;
  defectVersion: number;
  balance: number;
  events: Array<{ type: string }>;
  billAmountInFeed: string | null;
  statementSumsInFeed: string[];
  cursorStaysPut: boolean;
}

let t: TestApp;
let server: ServerType;
let baseUrl: string;
let document: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** tsc (the project's, v7) on the day's script with the generated types as `generated-integration-api`. */
function typeCheck(types: string): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
  try {
    writeFileSync(path.join(dir, 'integration-api.d.ts'), types);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(root, 'tsconfig.base.json'),
        compilerOptions: {
          lib: ['ES2023', 'DOM'],
          types: [],
          typeRoots: [path.join(root, 'node_modules/@types')],
          paths: {
            'generated-integration-api': [path.join(dir, 'integration-api.d.ts')],
            'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch')],
          },
        },
        files: [script],
      }),
    );
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', path.join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document, read by a generator', () => {
  it('names the portal’s address as its server', () => {
    expect(document.servers).toEqual([{ url: TEST_PUBLIC_URL, description: 'This portal (PUBLIC_URL)' }]);
  });

  it('makes types that type-check the back office’s day, written with openapi-fetch and no casts', async () => {
    const types = await typesOf(document);
    expect(types).toContain('"/api/v1/files/{id}"');
    const checked = typeCheck(types);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  });

  it('runs that day against the server, answered as documented', async () => {
    const { backOfficeDay } = (await import(script)) as {
      backOfficeDay: (baseUrl: string, token: string, document: Uint8Array) => Promise<DayOutcome>;
    };
    const day = await backOfficeDay(baseUrl, TEST_INTEGRATION_TOKEN, PDF_BYTES);
    expect(day.downloaded).toEqual(PDF_BYTES);
    expect(day.fileSize).toBe(PDF_BYTES.byteLength);
    expect(day.defectVersion).toBe(2);
    expect(day.balance).toBe(300);
    expect(day.billAmountInFeed).toBe('9800.50');
    expect(day.statementSumsInFeed).toEqual(['12500.00', '9800.50']);
    expect(day.cursorStaysPut).toBe(true);
    // Every event the day wrote has the payload its type's schema documents.
    const types = new Set(day.events.map((event) => event.type));
    for (const type of ['client.registered', 'ticket.created', 'ticket.updated', 'defect.created', 'defect.updated'])
      expect(types).toContain(type);
    for (const type of ['bill.created', 'bill.updated', 'notification.created', 'points.changed'])
      expect(types).toContain(type);
    for (const event of day.events) {
      const checked = v.safeParse(anyEvent, event);
      expect(
        checked.success,
        `${event.type}: ${JSON.stringify(checked.issues?.map((issue) => v.getDotPath(issue)))}`,
      ).toBe(true);
    }
  });

  it('passes Redocly’s recommended rules with no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer}`)).toEqual(
      [],
    );
  });
});
