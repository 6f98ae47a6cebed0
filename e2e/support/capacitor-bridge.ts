/**
 * A stubbed Capacitor android bridge for Chromium: what the native shell provides to the web build
 * inside the app, so the build's native code path runs in an ordinary page. Added with
 * `context.addInitScript(installCapacitorBridge, options)` before the app's scripts load.
 *
 * @capacitor/core decides the platform from `window.androidBridge` and sends every call of a plugin
 * the native side declares (`Capacitor.PluginHeaders`) to `Capacitor.nativePromise` /
 * `Capacitor.nativeCallback`; on a phone native-bridge.js defines those, here this stub does. The
 * plugins' own JavaScript (the secure store's, the push plugin's) runs unchanged above it. The stub
 * answers the calls the app makes: the secure store's items (as the Keystore would keep them),
 * the push plugin's permission and registration (a `registration` event with `pushToken`), and
 * the App plugin's listeners. Every call is recorded in `window.__capacitorBridge.calls`.
 */
export interface BridgeOptions {
  /** The token the stubbed push plugin hands the app on register(). */
  pushToken: string;
}

export interface BridgeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

/** What the test reads back through page.evaluate. */
export interface BridgeState {
  calls: BridgeCall[];
  secure: Record<string, string>;
}

export function installCapacitorBridge({ pushToken }: BridgeOptions): void {
  type Options = Record<string, unknown>;
  type Callback = (data: unknown, error?: unknown) => void;
  const calls: BridgeCall[] = [];
  // Kept in sessionStorage so that, as the Keystore outlives the app's process, the stored sign-in
  // outlives a reload of the page.
  const SECURE_KEY = '__capacitorBridge.secure';
  const secure = new Map<string, string>(
    Object.entries(JSON.parse(sessionStorage.getItem(SECURE_KEY) ?? '{}') as Record<string, string>),
  );
  const saveSecure = () => sessionStorage.setItem(SECURE_KEY, JSON.stringify(Object.fromEntries(secure)));
  const listeners = new Map<string, Map<string, Callback>>();
  let permission = 'prompt';
  let nextCallbackId = 1;

  const emit = (plugin: string, eventName: string, data: unknown) => {
    for (const callback of listeners.get(`${plugin}:${eventName}`)?.values() ?? []) callback(data);
  };
  const removeListener = (plugin: string) => (options: Options) => {
    listeners.get(`${plugin}:${String(options['eventName'])}`)?.delete(String(options['callbackId']));
  };

  const plugins: Record<string, Record<string, (options: Options) => unknown>> = {
    SecureStorage: {
      internalGetItem: ({ prefixedKey }) => ({ data: secure.get(String(prefixedKey)) ?? null }),
      internalSetItem: ({ prefixedKey, data }) => {
        secure.set(String(prefixedKey), String(data));
        saveSecure();
      },
      internalRemoveItem: ({ prefixedKey }) => {
        const success = secure.delete(String(prefixedKey));
        saveSecure();
        return { success };
      },
      getPrefixedKeys: ({ prefix }) => ({
        keys: [...secure.keys()].filter((key) => key.startsWith(String(prefix))),
      }),
      clearItemsWithPrefix: ({ prefix }) => {
        for (const key of [...secure.keys()]) if (key.startsWith(String(prefix))) secure.delete(key);
        saveSecure();
      },
      removeListener: removeListener('SecureStorage'),
    },
    PushNotifications: {
      checkPermissions: () => ({ receive: permission }),
      requestPermissions: () => {
        permission = 'granted';
        return { receive: permission };
      },
      register: () => {
        // As on a phone: the token arrives later, as an event.
        setTimeout(() => emit('PushNotifications', 'registration', { value: pushToken }), 50);
      },
      unregister: () => undefined,
      removeAllListeners: () => undefined,
      removeListener: removeListener('PushNotifications'),
    },
    App: {
      exitApp: () => undefined,
      removeAllListeners: () => undefined,
      removeListener: removeListener('App'),
    },
  };

  const record = (plugin: string, method: string, options: Options | undefined) =>
    calls.push({ plugin, method, options: { ...options } });

  const win = window as unknown as Record<string, unknown>;
  win['androidBridge'] = { postMessage: () => undefined };
  win['Capacitor'] = {
    PluginHeaders: Object.entries(plugins).map(([name, methods]) => ({
      name,
      methods: [
        ...Object.keys(methods).map((method) => ({ name: method, rtype: 'promise' })),
        { name: 'addListener', rtype: 'callback' },
      ],
    })),
    nativePromise(plugin: string, method: string, options?: Options): Promise<unknown> {
      record(plugin, method, options);
      const run = plugins[plugin]?.[method];
      if (!run) return Promise.reject(new Error(`${plugin}.${method} is not stubbed`));
      return Promise.resolve().then(() => run(options ?? {}) ?? {});
    },
    nativeCallback(plugin: string, method: string, options: Options, callback: Callback): string {
      record(plugin, method, options);
      const id = String(nextCallbackId++);
      if (method !== 'addListener') throw new Error(`${plugin}.${method} is not stubbed`);
      const key = `${plugin}:${String(options['eventName'])}`;
      if (!listeners.has(key)) listeners.set(key, new Map());
      listeners.get(key)?.set(id, callback);
      return id;
    },
  };
  win['__capacitorBridge'] = {
    calls,
    get secure() {
      return Object.fromEntries(secure);
    },
  };
}
