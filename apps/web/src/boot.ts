/**
 * The first script of a server-rendered page (issue 23): entry-server.tsx puts it in place of the
 * app's entry script and module preloads. The page reads from its HTML alone, so the app's code
 * (about 150 KB gzip) is requested once the page has painted: fetched with the HTML and the
 * stylesheet, it shares a slow phone's bandwidth with them and the first paint waits. Then the
 * app's modules are preloaded together (no request waterfall) and its entry script is added,
 * which hydrates the page (main.tsx). No imports of its own, so it is a few hundred bytes.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset.entry;
const preloads = script?.dataset.preload?.split(' ').filter(Boolean) ?? [];

function start(): void {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (!entry) return;
  // A script element, not import(): inserted before the page's load event, it holds that event
  // until the app has loaded, as the entry script in index.html did.
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = entry;
  document.body.append(app);
}

// After the first paint: a frame callback runs just before it, and the task it queues just after.
// A page opened in a background tab paints nothing until it is shown, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
