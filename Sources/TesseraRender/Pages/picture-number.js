// Numbers a person reads on the pages (labels, tooltips, the status line): NumberText.picture
// in TesseraCore, the same rule with the same arithmetic step for step, so the pages read as the
// svg picture does. Rounded to 10 significant digits (binary noise goes: 235.60000000000008 is
// 235.6), halves away from zero; written shortest: no trailing zeros, no ".0", never "-0", plain
// from 1e-6 to below 1e15, else as 1.5e+21 or 1e-7; nan, inf, -inf as they are.
// Tests/TesseraRenderTests/Fixtures/picture-numbers.json holds the cases both sides are tested on.
const PICTURE_POWERS = (() => { const p = [1]; while (p.length < 23) p.push(p[p.length - 1] * 10); return p; })();

// a × 10^k: one rounding when |k| <= 22 (products and quotients by exact powers of ten).
function pictureScaled(a, k) {
  let x = a;
  while (k > 22) { x *= PICTURE_POWERS[22]; k -= 22; }
  while (k < -22) { x /= PICTURE_POWERS[22]; k += 22; }
  return k >= 0 ? x * PICTURE_POWERS[k] : x / PICTURE_POWERS[-k];
}

function pictureNumber(v) {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  if (v === 0) return '0';
  const a = Math.abs(v);
  // The exponent found by stepping from 0, as in Swift: no logarithm.
  let e = 0, x = pictureScaled(a, 9);
  while (x >= 1e10) { e += 1; x = pictureScaled(a, 9 - e); }
  while (x < 1e9) { e -= 1; x = pictureScaled(a, 9 - e); }
  let u = Math.round(x);   // x > 0: halves up, away from zero
  if (u >= 1e10) { u = 1e9; e += 1; }
  const digits = String(u).replace(/(.)0+$/, '$1');
  let text;
  if (e < -6 || e >= 15) {
    text = digits[0] + (digits.length > 1 ? '.' + digits.slice(1) : '') + 'e' + (e < 0 ? '-' : '+') + Math.abs(e);
  } else if (e < 0) {
    text = '0.' + '0'.repeat(-e - 1) + digits;
  } else if (digits.length <= e + 1) {
    text = digits + '0'.repeat(e + 1 - digits.length);
  } else {
    text = digits.slice(0, e + 1) + '.' + digits.slice(e + 1);
  }
  return (v < 0 ? '-' : '') + text;
}
