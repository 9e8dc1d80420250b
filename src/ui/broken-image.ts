/**
 * What to give an <img> whose failure changes the page (a name instead of a logo, a logo dropped):
 * `onError`, and a ref that checks the image when React takes it over. An image in the server's HTML
 * may have failed before hydration, and its error event is then long gone.
 */
export function brokenImageProps(onBroken: () => void): {
  onError: () => void;
  ref: (image: HTMLImageElement | null) => void;
} {
  return {
    onError: onBroken,
    ref: (image) => {
      // `complete` with no size: the browser tried and gave up (a lazy image not yet asked for is not complete).
      if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src')) onBroken();
    },
  };
}
