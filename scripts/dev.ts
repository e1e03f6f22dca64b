import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run dev`: the API on API_PORT (default 8787), restarted when its code or the shared domain
 * changes, and Vite's dev server (http://127.0.0.1:5173) proxying /api to it.
 */
const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8787';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };

const children = [
  spawn('npm', ['run', 'dev', '--workspace=@safeshore/api'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace=@safeshore/web'], { cwd: root, stdio: 'inherit', env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
