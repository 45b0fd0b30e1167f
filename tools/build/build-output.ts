// What `npm run build` prints: the client build runs at `--logLevel warn` (package.json), so a clean
// build says nothing but scripts/build-server.mjs's summary, and a warning that is printed is one to
// read. Two warnings of the tools themselves, harmless here, are dealt with at their source or named
// below with the reason they are harmless; every other message goes through as Vite would print it.
import { createLogger, type LogLevel, type Logger, type Plugin } from 'vite';

/** Messages of the tools that are known and harmless in this project, each with why. */
export const KNOWN_HARMLESS: ReadonlyArray<{ message: RegExp; why: string }> = [
  {
    // postcss-modules (inside Vite) prepends the rules of a `composes: x from './other.module.css'` as a
    // string, parsed without a file name; Vite's url() rewriting then warns about every declaration
    // of them. It would matter only for a url() in a composed file, and there is none
    // (tools/build/build-output.test.ts keeps it so).
    message: /A PostCSS plugin did not pass the `from` option to `postcss\.parse`/,
    why: "the rules a CSS module composes from another file carry no url() for Vite's rewriting to miss",
  },
];

export function isKnownHarmless(message: string): boolean {
  return KNOWN_HARMLESS.some((known) => known.message.test(message));
}

/** Vite's own logger at `level`, less the messages of KNOWN_HARMLESS. */
export function quietLogger(level: LogLevel = 'info', allowClearScreen?: boolean): Logger {
  const logger = createLogger(level, { allowClearScreen });
  return {
    info: (message, options) => logger.info(message, options),
    warn: (message, options) => {
      if (!isKnownHarmless(message)) logger.warn(message, options);
    },
    warnOnce: (message, options) => {
      if (!isKnownHarmless(message)) logger.warnOnce(message, options);
    },
    error: (message, options) => logger.error(message, options),
    clearScreen: (type) => logger.clearScreen(type),
    hasErrorLogged: (error) => logger.hasErrorLogged(error),
    get hasWarned() {
      return logger.hasWarned;
    },
    set hasWarned(value) {
      logger.hasWarned = value;
    },
  };
}

/**
 * Two plugins that share the build's log level: `app` goes in the app's plugins (it reads the level
 * given on the command line), `serviceWorker` in vite-plugin-pwa's `injectManifest.buildPlugins.vite`,
 * whose own Vite build of sw/sw.ts would otherwise log at 'info' whatever the app's level.
 */
export function buildOutput(): { app: Plugin; serviceWorker: Plugin } {
  let level: LogLevel = 'info';
  return {
    app: {
      name: 'build-output',
      config(config) {
        level = config.logLevel ?? 'info';
        return { customLogger: quietLogger(level, config.clearScreen) };
      },
    },
    serviceWorker: {
      name: 'build-output:service-worker',
      config: () => ({
        logLevel: level,
        customLogger: quietLogger(level, false),
        build: { rolldownOptions: { checks: { bundlerTimings: false } } },
      }),
      // vite-plugin-pwa 2.0 asks for one file with Rollup's `inlineDynamicImports`, which Rolldown
      // (Vite 8) still honours but calls deprecated on every build: the same request in its words.
      outputOptions(options) {
        if (!('inlineDynamicImports' in options)) return null;
        const { inlineDynamicImports, ...rest } = options;
        return inlineDynamicImports ? { ...rest, codeSplitting: false } : rest;
      },
    },
  };
}
