export { UpdatePrompt } from './UpdatePrompt.tsx';
export { startServiceWorker, useAppUpdate, type AppUpdate } from './service-worker.ts';
