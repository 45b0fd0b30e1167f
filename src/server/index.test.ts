// Boots the real server as a child process (through tsx, so no build is needed): start, health,
// graceful stop on SIGTERM, a restart on the same DATA_DIR that still has the demo account, and
// the DATA_DIR lock that keeps a second server off the same embedded database.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/setup/free-port.ts';
import { killServers, logInDemo, start, waitForHealth } from '../../tests/setup/server-process.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boot-test-'));

afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('starts, seeds, stops on SIGTERM with exit 0, and keeps its data across a restart', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };

    const first = start(env);
    expect(await waitForHealth(port, first)).toEqual({ ok: true, db: 'pglite', last_backup_at: null });
    expect(first.output()).toContain(`http://localhost:${port}`);
    // A fresh portal has no backup yet, but its database is seconds old: the first start is quiet about it.
    expect(first.output()).not.toContain('Нет резервной копии');
    expect(first.output()).toContain(DEMO_EMAIL);
    expect(first.output()).toContain(DEMO_PASSWORD);
    expect(first.output()).toContain('demo data seeded');
    // The ticket PDF is drawn in a worker thread (its own file next to the renderer), while the
    // event loop keeps answering.
    const base = `http://127.0.0.1:${port}`;
    const cookie = await logInDemo(base);
    const { data } = (await (await fetch(`${base}/ajax/cabinet/tickets`, { headers: { cookie } })).json()) as {
      data: Array<{ id: number }>;
    };
    const drawing = fetch(`${base}/ajax/cabinet/tickets/${data[0]!.id}/get-pdf`, { headers: { cookie } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const pdf = await drawing;
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Headers over 16 KB: a short Russian 431, and the server goes on serving.
    const oversized = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { 'x-padding': 'a'.repeat(20 * 1024) },
    });
    expect(oversized.status).toBe(431);
    expect(await oversized.json()).toEqual({ success: false, message: 'Слишком большие заголовки запроса' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(env);
    await waitForHealth(port, second);
    // Same account still there: printed again, not seeded again.
    expect(second.output()).toContain(DEMO_EMAIL);
    expect(second.output()).not.toContain('demo data seeded');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses a wrong setting with exit 1 and a message naming it', async () => {
    const server = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: .*1 to 65535/);
  }, 30_000);

  it('takes over a stale DATA_DIR lock, refuses a second server on the same DATA_DIR, and frees the lock on stop; hashes at SCRYPT_N', async () => {
    const lockedDir = path.join(dataDir, 'locked');
    const lockFile = path.join(lockedDir, 'portal.lock');
    mkdirSync(lockedDir, { recursive: true });
    // A lock left by a process that is gone (e.g. killed with -9): the pid of a child that has exited.
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(lockFile, `${gone.pid}\n`);

    const port = await freePort();
    // The demo account's password is hashed at the cost SCRYPT_N asks for (the e2e servers' setting).
    const owner = start({ DATA_DIR: lockedDir, PORT: String(port), SCRYPT_N: '1024' });
    await waitForHealth(port, owner);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(owner.child.pid));

    // Another port, so only the lock can stop it (it would otherwise open the same PGlite files).
    const intruderPort = await freePort();
    const intruder = start({ DATA_DIR: lockedDir, PORT: String(intruderPort), SEED_DEMO: '0' });
    // Without the lock it would start: fail fast on that rather than time out.
    const started = waitForHealth(intruderPort, intruder).then(() => 'started');
    expect(await Promise.race([intruder.exited, started])).toBe(1);
    expect(intruder.output()).toContain(`DATA_DIR ${lockedDir} is in use by process ${owner.child.pid}`);
    expect(intruder.output()).not.toContain('database ready');
    // The refused start left the owner and its lock alone.
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(owner.child.pid));
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({
      ok: true,
      db: 'pglite',
      last_backup_at: null,
    });

    owner.child.kill('SIGTERM');
    expect(await owner.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    expect(owner.output()).toContain("SCRYPT_N is below OWASP's 131072");
    const stopped = await PGlite.create(path.join(lockedDir, 'pg'));
    const { rows } = await stopped.query<{ password_hash: string }>(
      'select password_hash from clients where email = $1',
      [DEMO_EMAIL],
    );
    await stopped.close();
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  }, 120_000);
});
