// bench/web/serve.mjs: `vite preview` of a build of the app on a free port
// of localhost, for the page benchmarks (author.mjs, prove.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * `vite preview` of the build under `root` (its web/vite.config.ts; its
 * build/web, or `outDir`), once it answers: {url, stop}.
 * @param {string} root
 * @param {string | null} [outDir]
 */
export async function serve(root, outDir = null) {
  const port = await freePort();
  const args = ['preview', '--config', 'web/vite.config.ts', '--port', String(port), '--strictPort'];
  if (outDir) args.push('--outDir', outDir);
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), [...args, '--host', '127.0.0.1'], {
    cwd: root,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}
