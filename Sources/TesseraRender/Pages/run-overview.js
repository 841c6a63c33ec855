// The run page's overview strip: the whole scroll range as the svg minimap's density bands
// (the page data's `overview`, counted in Swift), each band's count in its hover title, the
// viewport marked in red where the view is scrolled to, and a click or a drag on the strip
// scrolls the view there.
// `overviewStrip(strip, mark, O, V, L, seek)`: `strip` is L px long along `O.axis`, `mark` the
// viewport's node inside it, V the viewport's length on that axis; `seek(v)` scrolls the view
// so that its start is at content coordinate v. Returns `show(v)`, which marks a viewport
// starting at v.
function overviewStrip(strip, mark, O, V, L, seek) {
  const down = O.axis === 'y', bands = O.opacity.length;
  // One hard-stopped gradient (a band of one shade continues its neighbour's, without seams).
  const stops = [];
  O.opacity.forEach((a, k) => {
    const color = 'rgba(61, 106, 153, ' + a + ')';
    stops.push(color + ' ' + (100 * k / bands) + '%', color + ' ' + (100 * (k + 1) / bands) + '%');
  });
  strip.style.background = 'linear-gradient(to ' + (down ? 'bottom' : 'right') + ', ' + stops.join(', ') + '), #fff';
  strip.title = 'the whole content: items per band along ' + O.axis + ', the axis the page scrolls furthest; click or drag to scroll there';
  // Each run of bands of one count gets a node whose hover title reads the count; the mark
  // stays above them.
  for (let k = 0; k < bands;) {
    let end = k;
    while (end + 1 < bands && O.counts[end + 1] === O.counts[k]) end++;
    const band = document.createElement('div');
    band.className = 'band';
    band.style[down ? 'top' : 'left'] = (100 * k / bands) + '%';
    band.style[down ? 'height' : 'width'] = (100 * (end + 1 - k) / bands) + '%';
    band.title = countedItems(O.counts[k]);
    strip.insertBefore(band, mark);
    k = end + 1;
  }
  const MARK = 3;   // the marker's least length, as in the svg picture
  const toStrip = v => O.length > 0 ? (v - O.start) / O.length * L : 0;
  function show(v) {
    const length = Math.max(MARK, Math.min(L, toStrip(v + V) - toStrip(v)));
    const at = Math.max(0, Math.min(L - length, toStrip(v)));
    mark.style[down ? 'top' : 'left'] = at + 'px';
    mark.style[down ? 'height' : 'width'] = length + 'px';
  }
  // Where a pointer on the strip puts the viewport: centred on the content under it.
  function seekAt(event) {
    const r = strip.getBoundingClientRect();
    const p = down ? event.clientY - r.top - strip.clientTop : event.clientX - r.left - strip.clientLeft;
    seek(O.start + p / L * O.length - V / 2);
  }
  strip.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    strip.setPointerCapture(event.pointerId);
    seekAt(event);
    event.preventDefault();
  });
  strip.addEventListener('pointermove', event => { if (strip.hasPointerCapture(event.pointerId)) seekAt(event); });
  return show;
}

// "1 item", "1,234 items": a band's count as a person reads it.
function countedItems(n) {
  return displayCount(n) + (n === 1 ? ' item' : ' items');
}
