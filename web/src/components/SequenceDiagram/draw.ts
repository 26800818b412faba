/*
 * Mermaid, loaded on demand (this module is its own chunk, imported only when
 * the diagram tab opens).  It runs with securityLevel 'strict' (labels are
 * sanitised, no click handlers, no HTML labels); what it draws is sanitised
 * once more by DOMPurify into DOM nodes, so the page never assigns markup as
 * HTML.
 */
import mermaid from 'mermaid';
import DOMPurify from 'dompurify';

let initialised = false;
let serial = 0;

function init(): void {
  if (initialised) return;
  initialised = true;
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    htmlLabels: false,
    theme: 'base',
    fontFamily: v('--font-sans', 'system-ui, sans-serif'),
    themeVariables: {
      fontFamily: v('--font-sans', 'system-ui, sans-serif'),
      fontSize: '13px',
      background: '#ffffff',
      primaryColor: '#faf9f6',
      primaryBorderColor: '#cfc9bd',
      primaryTextColor: '#1f2328',
      lineColor: '#4a5058',
      actorBkg: '#faf9f6',
      actorBorder: '#cfc9bd',
      actorTextColor: '#1f2328',
      actorLineColor: '#d9d4ca',
      signalColor: '#4a5058',
      signalTextColor: '#1f2328',
      noteBkgColor: '#fdf4e0',
      noteBorderColor: '#e0c98f',
      noteTextColor: '#4a3a10',
      activationBkgColor: '#e6f4ef',
      activationBorderColor: '#00795a',
      labelBoxBkgColor: '#faf9f6',
      labelBoxBorderColor: '#cfc9bd',
    },
    sequence: {
      // every page of the diagram is drawn alone; with labels wrapped to the
      // participants' width, Mermaid spaces the participants the same on every
      // page, so the pages line up
      mirrorActors: true,
      useMaxWidth: false,
      wrap: true,
      wrapPadding: 8,
      showSequenceNumbers: false,
      diagramMarginX: 16,
      diagramMarginY: 12,
      actorMargin: 48,
      width: 160,
      height: 40,
      boxMargin: 6,
      noteMargin: 6,
      messageMargin: 26,
      messageFontSize: 13,
      noteFontSize: 13,
      actorFontSize: 14,
    },
  });
}

/** Mermaid's drawing of `text`, as an SVG element not yet in the page. */
export async function draw(text: string): Promise<SVGSVGElement> {
  init();
  const { svg } = await mermaid.render(`lockstep-seq-${++serial}`, text);
  const fragment = DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  const el = fragment.querySelector('svg');
  if (!el) throw new Error('Mermaid drew nothing');
  return el;
}

/** The drawing as a standalone .svg file. */
export function svgFile(el: SVGSVGElement): string {
  const copy = el.cloneNode(true) as SVGSVGElement;
  copy.querySelectorAll('[data-hit]').forEach((n) => n.remove());
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}
