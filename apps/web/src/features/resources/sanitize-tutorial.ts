import DOMPurify from 'dompurify';
import { apiUrl } from '../../api/client';

/** A purifier of our own, so its hooks never touch another caller's DOMPurify. */
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLImageElement) {
    // Tutorial images are served beside the tutorial, wherever the API lives.
    const src = node.getAttribute('src') ?? '';
    if (src.startsWith('/tutorials/')) node.setAttribute('src', apiUrl(src));
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
  if (node instanceof HTMLAnchorElement && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * A tutorial's HTML made safe to show inside the app: no scripts, no event handlers, no
 * javascript: URLs, no styles, forms, frames or embedded SVG; only the semantic text a tutorial needs.
 */
export function sanitizeTutorial(html: string): string {
  return purifier.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
