import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '#server/context.ts';
import type { BackupSummary } from './backup.ts';

// `npm run backup` of a running embedded portal: only the server process may open DATA_DIR/pg, so
// the command asks it, through a unix socket in DATA_DIR that only DATA_DIR's owner can open (0600),
// to write the archive. One JSON line each way.

export const SOCKET_NAME = 'portal.sock';

export interface BackupRequest {
  command: 'backup';
  /** The archive to write, an absolute path. */
  file: string;
  /** BACKUP_KEY of the command's environment, hex; absent: not encrypted. */
  key?: string | undefined;
}

export type BackupReply = { ok: true; summary: BackupSummary } | { ok: false; error: string };

/** Listens on DATA_DIR/portal.sock; the caller holds the DATA_DIR lock, so a socket file left there is a dead one. */
export async function listenForCommands(
  dataDir: string,
  backup: (request: BackupRequest) => Promise<BackupSummary>,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = path.join(dataDir, SOCKET_NAME);
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n')) return;
      socket.removeAllListeners('data');
      void answer(text.slice(0, text.indexOf('\n'))).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => {});
  });
  const answer = async (line: string): Promise<BackupReply> => {
    try {
      const request = JSON.parse(line) as BackupRequest;
      if (request.command !== 'backup' || !path.isAbsolute(request.file))
        return { ok: false, error: 'unknown command' };
      log.info('backup asked for by the command line', { file: request.file });
      return { ok: true, summary: await backup(request) };
    } catch (error) {
      log.error('backup asked for by the command line failed', { error });
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socketPath, { force: true });
      }),
  };
}

/** Sends one request to the portal running on `dataDir` and waits for its answer (a backup can take minutes). */
export function askRunningPortal(dataDir: string, request: BackupRequest): Promise<BackupReply> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(path.join(dataDir, SOCKET_NAME));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as BackupReply);
      } catch {
        reject(new Error('the running portal gave no answer (is it an older version?)'));
      }
    });
    socket.on('error', reject);
  });
}
