// The document's pages as the model saw them (GET /v1/files/{id}/pages/{n}), with the selected
// value's boxes drawn over them (page fractions, origin top-left) or its pages outlined.
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, pageImage } from './api';
import type { Selection } from './types';

export function PageView({ fileId, selection }: { fileId: string; selection: Selection | null }) {
  const [pageCount, setPageCount] = useState(0);
  const [first, setFirst] = useState<string | null>(null);
  const [error, setError] = useState('');
  const container = useRef<HTMLDivElement>(null);

  // Page 1 tells how many pages there are; the others load as they scroll into view.
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setPageCount(0);
    setFirst(null);
    setError('');
    pageImage(fileId, 1, controller.signal).then(
      (p) => {
        url = p.url;
        setFirst(p.url);
        setPageCount(p.pageCount);
      },
      (e) => !controller.signal.aborted && setError(errorText(e)),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  // Bring the selection into view: its first box, or its first page.
  useEffect(() => {
    if (!selection || !container.current) return;
    const target =
      container.current.querySelector('.highlight') ?? container.current.querySelector(`[data-page="${selection.pages[0]}"]`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selection]);

  if (error) return <p class="error">Pages unavailable: {error}</p>;
  if (!pageCount) return <p class="muted">Loading pages…</p>;
  return (
    <div class="pages" ref={container}>
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <Page key={`${fileId}:${n}`} fileId={fileId} number={n} preloaded={n === 1 ? first : null} selection={selection} />
      ))}
    </div>
  );
}

function Page({ fileId, number, preloaded, selection }: { fileId: string; number: number; preloaded: string | null; selection: Selection | null }) {
  const [url, setUrl] = useState<string | null>(preloaded);
  const [error, setError] = useState('');
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (preloaded || !ref.current) return;
    const controller = new AbortController();
    let loaded: string | null = null;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      pageImage(fileId, number, controller.signal).then(
        (p) => {
          loaded = p.url;
          setUrl(p.url);
        },
        (e) => !controller.signal.aborted && setError(errorText(e)),
      );
    }, { rootMargin: '400px' });
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      controller.abort();
      if (loaded) URL.revokeObjectURL(loaded);
    };
  }, [fileId, number, preloaded]);

  const boxes = selection?.boxes.filter((b) => b.page === number) ?? [];
  // The whole page is outlined only where the value has no box (no text layer, or not found in it).
  const cited = (selection?.pages.includes(number) ?? false) && (selection?.boxes.length ?? 0) === 0;
  return (
    <figure ref={ref} class={`page${cited ? ' page--cited' : ''}`} data-page={number}>
      <div class="sheet">
        {url ? <img src={url} alt={`Page ${number}`} /> : <div class="placeholder">{error || 'Loading…'}</div>}
        {url &&
          boxes.map((b, i) => (
            <div
              key={i}
              class="highlight"
              data-testid="highlight"
              title={selection?.label}
              style={{
                left: `${b.x0 * 100}%`,
                top: `${b.y0 * 100}%`,
                width: `${(b.x1 - b.x0) * 100}%`,
                height: `${(b.y1 - b.y0) * 100}%`,
              }}
            />
          ))}
      </div>
      <figcaption>Page {number}</figcaption>
    </figure>
  );
}
