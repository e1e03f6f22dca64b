import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A small test double of the Capacitor native side, so the app shell runs in Chromium.
 *
 * A real Android shell puts into every page, before the page's own scripts: `window.Capacitor =
 * { DEBUG, isLoggingEnabled, Plugins: {} }`, the `androidBridge` message channel, Capacitor's
 * `native-bridge.js` and `window.Capacitor.PluginHeaders` (each plugin's methods and how they
 * return). This double injects exactly those, with the real native-bridge.js shipped in
 * @capacitor/android and plugin headers read from the installed plugins' Android sources; only the
 * Java side behind `androidBridge.postMessage` is replaced by a few lines that record each call
 * and answer it the way the plugin would (iOS: the same over `webkit.messageHandlers.bridge`).
 * So the app's real code and the plugins' real JavaScript run, and the app cannot tell.
 *
 * Tests read the recorded calls and fire native events (back button, app state, push, network).
 */

export interface NativeBridgeOptions {
  platform?: 'android' | 'ios';
  /** Device.getInfo's model. */
  model?: string;
  /** What PushNotifications.checkPermissions answers; requestPermissions answers `grant`. */
  pushPermission?: 'granted' | 'denied' | 'prompt';
  /** requestPermissions' answer when asked (the user's choice in the system prompt). */
  grant?: 'granted' | 'denied';
  /** After register(): the token delivered by the `registration` event, or a `registrationError`. */
  pushRegistration?: { token: string } | { error: string };
  /** Network.getStatus' answer. */
  connected?: boolean;
}

export interface NativeCall {
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
  /** performance.now() in the page when the call reached the native side. */
  at: number;
}

const root = path.resolve(import.meta.dirname, '../../../..');
const capacitor = (name: string) => path.join(root, 'node_modules/@capacitor', name);

/** The plugins the app uses, by npm package. */
const PLUGIN_PACKAGES = ['app', 'splash-screen', 'push-notifications', 'device', 'network'];

interface PluginHeader {
  name: string;
  methods: { name: string; rtype: string }[];
}

function javaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return javaFiles(full);
    return entry.name.endsWith('.java') ? [full] : [];
  });
}

/** `@PluginMethod(returnType = …) public void name(` pairs, as the native side exports them. */
function pluginMethods(source: string): { name: string; rtype: string }[] {
  const pattern =
    /@PluginMethod(?:\(\s*returnType\s*=\s*PluginMethod\.RETURN_(\w+)\s*\))?[^{;]*?public\s+void\s+(\w+)\s*\(/g;
  return [...source.matchAll(pattern)].map((m) => ({
    name: m[2]!,
    rtype: (m[1] ?? 'PROMISE').toLowerCase(),
  }));
}

/** The PluginHeaders a real Android shell would inject for our plugins (JSExport.getPluginJS). */
function pluginHeaders(): PluginHeader[] {
  const base = pluginMethods(
    fs.readFileSync(capacitor('android/capacitor/src/main/java/com/getcapacitor/Plugin.java'), 'utf8'),
  );
  return PLUGIN_PACKAGES.map((pkg) => {
    const sources = javaFiles(capacitor(`${pkg}/android/src/main`))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .filter((source) => source.includes('@CapacitorPlugin'));
    const source = sources[0];
    const name = source && /@CapacitorPlugin\(\s*name\s*=\s*"(\w+)"/.exec(source)?.[1];
    if (!source || !name) throw new Error(`no @CapacitorPlugin in @capacitor/${pkg}`);
    const own = pluginMethods(source);
    const inherited = base.filter((method) => !own.some((m) => m.name === method.name));
    return { name, methods: [...inherited, ...own] };
  });
}

/** The Java side of the bridge, replaced: runs in the page before native-bridge.js. */
function fakeNativeSide(options: Required<NativeBridgeOptions>): void {
  type Call = { callbackId: string; pluginId: string; methodName: string; options: Record<string, unknown> };
  const w = window as unknown as Record<string, unknown> & {
    Capacitor: { fromNative: (result: unknown) => void };
    androidBridge?: { onmessage?: (event: { data: string }) => void };
  };
  const calls: (Omit<Call, 'callbackId'> & { at: number })[] = [];
  const listeners: { pluginId: string; eventName: string; callbackId: string }[] = [];
  const toJs = (result: Record<string, unknown>) => {
    // Native answers and events arrive in a task of their own, as from the real bridge.
    setTimeout(() => {
      if (options.platform === 'android') w.androidBridge!.onmessage!({ data: JSON.stringify(result) });
      else w.Capacitor.fromNative(result);
    });
  };
  const fire = (pluginId: string, eventName: string, data: unknown) => {
    const matching = listeners.filter((l) => l.pluginId === pluginId && l.eventName === eventName);
    for (const l of matching) {
      toJs({
        callbackId: l.callbackId,
        pluginId,
        methodName: 'addListener',
        success: true,
        data,
        save: true,
      });
    }
    return matching.length;
  };
  let permission: string = options.pushPermission;
  const answers: Record<string, (call: Call) => unknown> = {
    'App.minimizeApp': () => ({}),
    'App.getState': () => ({ isActive: true }),
    'SplashScreen.hide': () => ({}),
    'SplashScreen.show': () => ({}),
    'Device.getInfo': () => ({
      model: options.model,
      platform: options.platform,
      operatingSystem: options.platform,
      osVersion: options.platform === 'ios' ? '18.5' : '15',
      manufacturer: options.platform === 'ios' ? 'Apple' : 'Google',
      isVirtual: false,
      webViewVersion: '138.0',
    }),
    'Network.getStatus': () => ({
      connected: options.connected,
      connectionType: options.connected ? 'wifi' : 'none',
    }),
    'PushNotifications.checkPermissions': () => ({ receive: permission }),
    'PushNotifications.requestPermissions': () => {
      if (permission === 'prompt') permission = options.grant;
      return { receive: permission };
    },
    'PushNotifications.register': () => {
      // The push service answers later, through the plugin's events.
      setTimeout(() => {
        const outcome = options.pushRegistration;
        if ('token' in outcome) fire('PushNotifications', 'registration', { value: outcome.token });
        else fire('PushNotifications', 'registrationError', { error: outcome.error });
      }, 50);
      return {};
    },
  };
  const fromJs = (call: Call) => {
    // iOS sends the page's console output to the native log; nothing answers it.
    if (call.pluginId === 'Console') return;
    calls.push({
      pluginId: call.pluginId,
      methodName: call.methodName,
      options: call.options,
      at: performance.now(),
    });
    if (call.methodName === 'addListener') {
      listeners.push({
        pluginId: call.pluginId,
        eventName: String(call.options.eventName),
        callbackId: call.callbackId,
      });
      return;
    }
    if (call.methodName === 'removeListener') {
      const index = listeners.findIndex((l) => l.callbackId === call.options.callbackId);
      if (index >= 0) listeners.splice(index, 1);
      return;
    }
    const answer = answers[`${call.pluginId}.${call.methodName}`];
    const base = {
      callbackId: call.callbackId,
      pluginId: call.pluginId,
      methodName: call.methodName,
      save: false,
    };
    if (answer) toJs({ ...base, success: true, data: answer(call) });
    else
      toJs({
        ...base,
        success: false,
        error: { message: `${call.pluginId}.${call.methodName} is not in the double` },
      });
  };

  w.Capacitor = { DEBUG: false, isLoggingEnabled: false, Plugins: {} } as never;
  if (options.platform === 'android') {
    w.androidBridge = { postMessage: (json: string) => fromJs(JSON.parse(json) as Call) } as never;
  } else {
    w.webkit = {
      messageHandlers: { bridge: { postMessage: (call: Call & { type?: string }) => fromJs(call) } },
    };
    // WKWebView's UI delegate answers the bridge's synchronous prompt() questions (is
    // CapacitorHttp / CapacitorCookies on?): both are off in our config.
    const prompt = window.prompt.bind(window);
    window.prompt = (message?: string, defaultValue?: string) => {
      try {
        const type = (JSON.parse(message ?? '') as { type?: unknown }).type;
        if (typeof type === 'string' && type.startsWith('Capacitor')) return 'false';
      } catch {
        // Not a bridge question.
      }
      return prompt(message, defaultValue);
    };
  }
  w.__nativeBridgeDouble = { calls, fire };
}

export class NativeBridge {
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  /** The calls the app made to the native side since the page loaded, optionally of one plugin method. */
  async calls(pluginId?: string, methodName?: string): Promise<NativeCall[]> {
    const all = await this.page.evaluate(
      () =>
        (window as unknown as { __nativeBridgeDouble: { calls: NativeCall[] } }).__nativeBridgeDouble.calls,
    );
    return all.filter(
      (call) =>
        (pluginId === undefined || call.pluginId === pluginId) &&
        (methodName === undefined || call.methodName === methodName),
    );
  }

  /** Whether the app listens for this event (it registers its listeners once it has started). */
  async listening(pluginId: string, eventName: string): Promise<boolean> {
    const calls = await this.calls(pluginId, 'addListener');
    return calls.some((call) => call.options.eventName === eventName);
  }

  /** Sends a native event to the page's listeners; returns how many listened. */
  fire(pluginId: string, eventName: string, data: unknown = {}): Promise<number> {
    return this.page.evaluate(
      ([plugin, event, payload]) =>
        (
          window as unknown as {
            __nativeBridgeDouble: { fire: (p: string, e: string, d: unknown) => number };
          }
        ).__nativeBridgeDouble.fire(plugin, event, payload),
      [pluginId, eventName, data] as const,
    );
  }
}

/**
 * Makes the page an app-shell page: injects the native side before any of the page's scripts, on
 * this and every later load (reloads too).
 */
export async function installNativeBridge(
  page: Page,
  options: NativeBridgeOptions = {},
): Promise<NativeBridge> {
  const settings: Required<NativeBridgeOptions> = {
    platform: 'android',
    model: 'Pixel 8',
    pushPermission: 'granted',
    grant: 'granted',
    pushRegistration: { token: 'fcm-token-e2e' },
    connected: true,
    ...options,
  };
  const bridgeJs = fs.readFileSync(capacitor('android/capacitor/src/main/assets/native-bridge.js'), 'utf8');
  // One script, in the order the shell injects them (JSInjector): globals, bridge, plugin headers.
  await page.addInitScript({
    content: [
      `(${fakeNativeSide.toString()})(${JSON.stringify(settings)});`,
      bridgeJs,
      `window.Capacitor.PluginHeaders = ${JSON.stringify(pluginHeaders())};`,
    ].join('\n;\n'),
  });
  return new NativeBridge(page);
}
