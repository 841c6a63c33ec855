// Numbers a person reads on the pages (labels, tooltips, the status line): NumberText.display
// in TesseraCore, the rule of every number a person reads (text output, the svg picture's
// caption and hover titles), so a frame reads the same in a terminal, the svg and the pages.
// At most two decimals (halves away from zero), written shortest: no trailing zeros, no ".0",
// never "-0"; values of 1e13 and more as they are (whole ones below 2^53 plainly, 2^53 as
// Swift's description writes it, 9007199254740992.0, beyond as 1e+16); nan, inf, -inf as they are.
// Tests/TesseraRenderTests/Fixtures/display-numbers.json holds the cases both sides are tested on.
function displayNumber(v) {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  const a = Math.abs(v);
  const r = a < 1e13 ? (v < 0 ? -1 : 1) * Math.round(a * 100) / 100 : v;
  if (r === 0) return '0';
  if (!Number.isInteger(r) || Math.abs(r) < 9007199254740992) return String(r);
  return Math.abs(r) === 9007199254740992 ? String(r) + '.0' : r.toExponential();
}

// A count as a person reads it (items, nodes, visible): digits grouped in threes by commas,
// NumberText.grouped in TesseraCore, so "1,988 items" reads the same in the terminal and on the
// pages. For counts only: offsets, coordinates and ids keep displayNumber's plain digits.
// Tests/TesseraRenderTests/Fixtures/display-counts.json holds the cases both sides are tested on.
function displayCount(n) {
  const digits = String(Math.abs(n));
  let text = n < 0 ? '-' : '';
  for (let k = 0; k < digits.length; k++) {
    if (k > 0 && (digits.length - k) % 3 === 0) text += ',';
    text += digits[k];
  }
  return text;
}
