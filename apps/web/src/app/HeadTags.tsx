/** A rendered page's head (issue 23): title, description, canonical, previews, structured data. */
export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  image: string;
  type: 'website' | 'article';
  jsonLd: Record<string, unknown> | null;
  /** Not-found pages ask search engines not to index them. */
  noindex: boolean;
}

/** JSON for a script element: `<` escaped so no value can end the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The tags that replace index.html's title and description on a server-rendered page. JSON-LD is
 * `application/ld+json`, which browsers never execute (the Content Security Policy stays strict).
 */
export function HeadTags({
  head,
  styles = [],
  modules = [],
}: {
  head: PageHead;
  /** The rendered route's stylesheets (in the first HTML, so nothing moves when they arrive). */
  styles?: readonly string[];
  /** The rendered route's code, fetched alongside the entry instead of after it. */
  modules?: readonly string[];
}) {
  return (
    <>
      <title>{head.title}</title>
      {styles.map((href) => (
        <link key={href} rel="stylesheet" crossOrigin="" href={href} />
      ))}
      {modules.map((href) => (
        <link key={href} rel="modulepreload" crossOrigin="" href={href} />
      ))}
      <meta name="description" content={head.description} />
      {head.noindex && <meta name="robots" content="noindex" />}
      {/* A not-found page has no address of its own to name (it would point at the junk path). */}
      {!head.noindex && <link rel="canonical" href={head.canonical} />}
      <meta property="og:site_name" content="SafeShore" />
      <meta property="og:type" content={head.type} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {!head.noindex && <meta property="og:url" content={head.canonical} />}
      <meta property="og:image" content={head.image} />
      <meta property="og:locale" content="en_AU" />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta name="twitter:image" content={head.image} />
      {head.jsonLd && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(head.jsonLd) }} />
      )}
    </>
  );
}
