// The hero's animated globe: cobe (a few KB of WebGL) is fetched only after the browser is idle, and
// never for visitors who prefer reduced motion or whose browser has no hardware-accelerated WebGL. The canvas stays
// invisible until the library has loaded and drawn.
import { whenIdle } from '../lib/idle.ts';

const canvas = document.querySelector<HTMLCanvasElement>('[data-globe]');

function hasWebGL() {
  try {
    // Software rendering (no GPU) would cost the main thread far more than the globe adds: browsers
    // flag it as a "major performance caveat", and some only name it in the renderer string.
    const gl = document.createElement('canvas').getContext('webgl', { failIfMajorPerformanceCaveat: true });
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    return !/swiftshader|llvmpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

async function start(el: HTMLCanvasElement) {
  const { default: createGlobe } = await import('cobe');
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const size = el.offsetWidth || 600;
  let phi = 0;
  // cobe appends a <style> for marker anchors to <head> and rewrites it every frame. We use no anchors,
  // and the CSP would block (and report) each rewrite, so that element is kept out of the document.
  const head = document.head;
  head.append = (...nodes) =>
    Element.prototype.append.apply(
      head,
      nodes.filter((n) => !(n instanceof HTMLStyleElement)),
    );
  let globe: ReturnType<typeof createGlobe>;
  try {
    globe = createGlobe(el, {
      devicePixelRatio: dpr,
      width: size * dpr,
      height: size * dpr,
      phi: 0,
      theta: 0.25,
      dark: 0,
      diffuse: 1.2,
      mapSamples: 16000,
      mapBrightness: 6,
      baseColor: [0.93, 0.95, 1],
      markerColor: [0.15, 0.32, 0.88],
      glowColor: [0.86, 0.9, 1],
      // Bengaluru, and a few places our clients are.
      markers: [
        { location: [12.97, 77.59], size: 0.06 },
        { location: [19.07, 72.88], size: 0.03 },
        { location: [25.2, 55.27], size: 0.03 },
        { location: [51.51, -0.13], size: 0.03 },
        { location: [1.35, 103.82], size: 0.03 },
        { location: [40.71, -74.0], size: 0.03 },
      ],
    });
  } finally {
    delete (head as Partial<HTMLHeadElement>).append;
  }
  const spin = () => {
    phi += 0.004;
    globe.update({ phi });
    frame = requestAnimationFrame(spin);
  };
  let frame = requestAnimationFrame(spin);
  el.classList.add('opacity-100');
  // Stop drawing while the hero is off screen.
  new IntersectionObserver(([entry]) => {
    cancelAnimationFrame(frame);
    if (entry?.isIntersecting) frame = requestAnimationFrame(spin);
  }).observe(el);
}

const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
if (canvas && !reduced && hasWebGL()) {
  whenIdle(() => void start(canvas).catch(() => canvas.remove()));
}
