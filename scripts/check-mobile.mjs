#!/usr/bin/env node
// Checks the committed Capacitor projects (packages/web/android, packages/web/ios) against the
// current web build: runs `cap sync` (offline, no Android SDK or Xcode needed), then verifies that
// both projects hold that build's index.html and hashed entry chunk, that the native plugins the
// app uses are registered, and that the sync left the committed generated files as they were (a
// change there means a plugin was added or updated without committing the sync). Part of `npm test`,
// after the suites, so it reuses the web build the e2e setup made. Without a web build it is
// skipped loudly, except under CI=true, where it builds one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'packages/web');
const started = performance.now();

/** The plugins the app calls natively: npm package, android class path, ios class name. */
const PLUGINS = [
  [
    '@aparajita/capacitor-secure-storage',
    'com.aparajita.capacitor.securestorage.SecureStorage',
    'SecureStorage',
  ],
  ['@capacitor/app', 'com.capacitorjs.plugins.app.AppPlugin', 'AppPlugin'],
  ['@capacitor/camera', 'com.capacitorjs.plugins.camera.CameraPlugin', 'CAPCameraPlugin'],
  [
    '@capacitor/push-notifications',
    'com.capacitorjs.plugins.pushnotifications.PushNotificationsPlugin',
    'PushNotificationsPlugin',
  ],
];

/** Files `cap sync` rewrites that are committed: they must not change on a sync. */
const COMMITTED_GENERATED = [
  'android/capacitor.settings.gradle',
  'android/app/capacitor.build.gradle',
  'ios/App/Podfile',
];

const PROJECTS = {
  android: { publicDir: 'android/app/src/main/assets/public' },
  ios: { publicDir: 'ios/App/App/public' },
};

const read = (relative) => readFileSync(join(webDir, relative), 'utf8');
const failures = [];
const expect = (condition, message) => {
  if (!condition) failures.push(message);
};

if (!existsSync(join(webDir, 'dist/index.html'))) {
  if (process.env.CI !== 'true') {
    const line =
      'SKIPPED: mobile check — no web build in packages/web/dist. Run `npm run build` (or the e2e suite) first.';
    console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    process.exit(0);
  }
  if (buildWebIfStale() !== 0) {
    console.error('mobile check: the web build failed');
    process.exit(1);
  }
}

const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)">/.exec(
  read('dist/index.html'),
)?.[1];
if (!entry) {
  console.error('mobile check: no hashed entry script found in packages/web/dist/index.html');
  process.exit(1);
}

const before = Object.fromEntries(COMMITTED_GENERATED.map((file) => [file, read(file)]));
const sync = spawnSync(process.execPath, [join(root, 'node_modules/@capacitor/cli/bin/capacitor'), 'sync'], {
  cwd: webDir,
  encoding: 'utf8',
  // Non-interactive: the CLI then never prompts for (or sends) telemetry.
  env: { ...process.env, CI: 'true' },
});
if (sync.status !== 0) {
  console.error(sync.stdout, sync.stderr);
  console.error(`mobile check: cap sync failed with status ${sync.status}`);
  process.exit(1);
}

for (const [platform, { publicDir }] of Object.entries(PROJECTS)) {
  const index = join(publicDir, 'index.html');
  expect(existsSync(join(webDir, index)), `${platform}: ${index} is missing after the sync`);
  expect(
    existsSync(join(webDir, index)) && read(index).includes(`src="/${entry}"`),
    `${platform}: ${index} does not load the current entry ${entry}`,
  );
  expect(existsSync(join(webDir, publicDir, entry)), `${platform}: ${entry} was not copied`);
}

const androidPlugins = JSON.parse(read('android/app/src/main/assets/capacitor.plugins.json'));
const iosClasses = JSON.parse(read('ios/App/App/capacitor.config.json')).packageClassList ?? [];
const gradleSettings = read('android/capacitor.settings.gradle');
const podfile = read('ios/App/Podfile');
for (const [pkg, androidClass, iosClass] of PLUGINS) {
  expect(
    androidPlugins.some((plugin) => plugin.pkg === pkg && plugin.classpath === androidClass),
    `android: ${pkg} (${androidClass}) is not in capacitor.plugins.json`,
  );
  expect(
    gradleSettings.includes(`node_modules/${pkg}/android`),
    `android: ${pkg} is not in capacitor.settings.gradle`,
  );
  expect(iosClasses.includes(iosClass), `ios: ${iosClass} (${pkg}) is not in packageClassList`);
  expect(podfile.includes(`node_modules/${pkg}'`), `ios: ${pkg} is not in the Podfile`);
}

for (const file of COMMITTED_GENERATED) {
  expect(
    read(file) === before[file],
    `${file} changed on sync: commit the result of \`npm run mobile:sync\` (packages/web/${file})`,
  );
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  for (const failure of failures) console.error(`mobile check: ${failure}`);
  process.exit(1);
}
console.log(`mobile check: android and ios hold ${entry} and ${PLUGINS.length} plugins (${seconds}s)`);
