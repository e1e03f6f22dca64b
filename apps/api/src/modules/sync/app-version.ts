import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { AppVersionResponseSchema, type AppVersionResponse } from '@safeshore/domain';
import { ROOT_DIR } from '../../config.ts';

/** The web package's version: the answer when no build says otherwise (development). */
function packageVersion(): string {
  const file = path.join(ROOT_DIR, 'apps', 'web', 'package.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
  return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
}

/**
 * GET /api/v4/app: the version of the web build being served, from the `version.json` the build
 * writes beside index.html. Read per request (a few bytes), so a rebuilt app is announced without
 * a restart, as the static files are served. No build, or an unreadable file: the web package's
 * version with build "dev".
 */
export function createAppVersionReader(distDir: string, onInvalid: (reason: string) => void = () => {}) {
  const fallback: AppVersionResponse = { version: packageVersion(), build: 'dev' };
  const file = path.join(distDir, 'version.json');
  return (): AppVersionResponse => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return fallback;
    }
    try {
      const parsed = z.safeParse(AppVersionResponseSchema, JSON.parse(text));
      if (parsed.success) return { version: parsed.data.version, build: parsed.data.build };
      onInvalid(`${file} is not {version, build}`);
    } catch {
      onInvalid(`${file} is not JSON`);
    }
    return fallback;
  };
}
