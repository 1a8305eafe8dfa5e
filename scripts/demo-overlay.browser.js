/* global document, window, requestAnimationFrame */
/**
 * Runs in the page while scripts/record-demo-video.ts records (Playwright's addInitScript): draws a
 * pointer that follows the mouse, a ring on each click and the caption of the current step, since a
 * screen recording shows no mouse. The caption survives reloads in sessionStorage.
 */
(() => {
  const install = () => {
    if (document.getElementById('demo-pointer')) return;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'demo-pointer';
    svg.setAttribute('width', '28');
    svg.setAttribute('height', '28');
    svg.setAttribute('viewBox', '0 0 28 28');
    svg.innerHTML =
      '<path d="M4 2 L4 22 L9.5 17 L13 25 L16.5 23.5 L13 15.8 L20.5 15.8 Z" fill="#212529" stroke="#fff" stroke-width="1.8" stroke-linejoin="round"/>';
    Object.assign(svg.style, {
      position: 'fixed',
      left: '640px',
      top: '360px',
      zIndex: '2147483647',
      pointerEvents: 'none',
      filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.35))',
    });
    const ring = document.createElement('div');
    Object.assign(ring.style, {
      position: 'fixed',
      width: '34px',
      height: '34px',
      marginLeft: '-13px',
      marginTop: '-13px',
      borderRadius: '50%',
      border: '3px solid #7048e8',
      zIndex: '2147483646',
      pointerEvents: 'none',
      opacity: '0',
      transition: 'opacity 350ms ease, transform 350ms ease',
    });
    const caption = document.createElement('div');
    caption.id = 'demo-caption';
    Object.assign(caption.style, {
      position: 'fixed',
      left: '50%',
      bottom: '22px',
      transform: 'translateX(-50%)',
      zIndex: '2147483645',
      pointerEvents: 'none',
      padding: '10px 20px',
      borderRadius: '999px',
      background: 'rgba(33, 20, 82, 0.9)',
      color: '#fff',
      font: "600 18px/1.3 'Inter Variable', Inter, system-ui, sans-serif",
      boxShadow: '0 6px 24px rgba(0,0,0,.25)',
      whiteSpace: 'nowrap',
      display: 'none',
    });
    document.body.append(ring, caption, svg);
    window.addEventListener('mousemove', (event) => {
      svg.style.left = `${event.clientX - 4}px`;
      svg.style.top = `${event.clientY - 2}px`;
      ring.style.left = `${event.clientX}px`;
      ring.style.top = `${event.clientY}px`;
    });
    window.addEventListener('mousedown', () => {
      ring.style.transition = 'none';
      ring.style.opacity = '1';
      ring.style.transform = 'scale(0.6)';
      requestAnimationFrame(() => {
        ring.style.transition = 'opacity 450ms ease, transform 450ms ease';
        ring.style.opacity = '0';
        ring.style.transform = 'scale(1.4)';
      });
    });
    const saved = sessionStorage.getItem('demo-caption');
    if (saved) {
      caption.textContent = saved;
      caption.style.display = 'block';
    }
  };
  if (document.body) install();
  else document.addEventListener('DOMContentLoaded', install);
})();
