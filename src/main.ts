// Platen as a library (package.json "main"): build the service in your own process.
//
//   const config = loadConfig();
//   const db = openDatabase({ dataDir: config.dataDir });
//   const app = createApp({ db, renderer: createWorkerPoolRenderer(), config, logger: createLogger() });
//   const server = await listen(app, config, { host: config.host, port: config.port });
//
// The `platen` command (src/cli/main.ts) does exactly this for `serve`.
export { loadConfig, DEFAULT_CONFIG, type Config } from './config';
export { createLogger, type Logger } from './log';
export { ERROR_CODES, PlatenError, type ErrorCode } from './errors';
export { createApp, listen, type AppOptions } from './http/app';
export { openDatabase, createStore, type Db, type Store } from './store';
export { createInProcessRenderer, createWorkerPoolRenderer, type Renderer, type RenderJob, type RenderOutput } from './render';
export { renderHtmlToPdf } from './render/renderDocument';
export { layoutHtml, PAGE_FORMATS, type PageFormat, type EngineOptions, type Diagnostic } from './engine';
