/**
 * Keeps a canvas-drawn widget (a chart, a map) fitted to its box: `resize` runs whenever the box changes size.
 * Returns the effect's cleanup, which stops watching and then runs `dispose`.
 */
export function observeResize(el: Element, resize: () => void, dispose: () => void): () => void {
  const observer = new ResizeObserver(resize);
  observer.observe(el);
  return () => {
    observer.disconnect();
    dispose();
  };
}
