// The params' controls: showParams(list, used) (swapIn calls it with each generation's params
// and the page params it used) and PP, the values the page set, kept in its address and sent in
// the hello (preview-page.js's connect, through paramsSent), and paramsElsewhere, which the
// status line tells. Relies on preview-state.js ($, M, token, showRefusal); when called, on send
// (preview-page.js).

// ---- Params: a control for each param the layout script declares (or the built-in layout
// takes), of its default's type (a menu of its choices when it has some, a number field with a
// slider, a checkbox, a text field; JSON text for a table), as Storybook's controls. A change runs the layout again with the page's values over --param's, without an
// edit of the file; the values the page set stay in its address (`?token=...&p.columns=3`), so
// a reload keeps them. The frame message says what the script declares and the values used.
// JSON has no NaN or infinity (JSON.parse reads 1e999 as Infinity, which would be sent as null).
function finiteJSON(v) {
  if (typeof v === 'number') return isFinite(v);
  if (v && typeof v === 'object') return Object.values(v).every(finiteJSON);
  return true;
}
// The number in JSON text that JSON.parse read as an infinity, as the server's parser names it.
function nonFiniteNumber(text) {
  return (text.match(/-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/g) || []).find(t => !isFinite(+t)) || text;
}
const PP = {}, notSent = [];
for (const [k, v] of new URLSearchParams(location.search)) {
  if (!k.startsWith('p.') || k.length < 3) continue;
  let value;
  try { value = JSON.parse(v); } catch (e) { value = v; }
  // Refused here in the server's words for that number (it would arrive as null), and not sent.
  if (finiteJSON(value)) PP[k.slice(2)] = value;
  else notSent.push(k + ' from the address: expected a number within the range of a double, found ' + nonFiniteNumber(v));
}
if (notSent.length) showRefusal('not sent: ' + notSent.join('; '));
let paramsShown = '';
const paramsBar = $('params');
// The server reads request lines of at most 8 KB: a value that would make the address longer
// stays this page's, out of its address (a reload would be refused), and its control says so.
const ADDRESS_LIMIT = 8000, unkept = new Set();
function writeParams() {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  unkept.clear();
  for (const [k, v] of Object.entries(PP)) {
    q.set('p.' + k, typeof v === 'string' ? v : JSON.stringify(v));
    if (q.toString().length > ADDRESS_LIMIT) { q.delete('p.' + k); unkept.add(k); }
  }
  history.replaceState(null, '', '?' + q.toString() + location.hash);
  for (const label of paramsBar.querySelectorAll('label[data-param]')) label.classList.toggle('unkept', unkept.has(label.dataset.param));
}
// A JSON value the control cannot send is marked on it, not sent as something else.
function refuseValue(field, why) { field.setCustomValidity(why); field.reportValidity(); }
// Pages share one layout, laid out with the params of the page that said last: a page the person
// turns to (focused, clicked) whose picture has another page's params sends its own again, as it
// asks for its size (preview-controls.js). The params this page sent since its picture last had
// its own are its own (a slider's values on their way).
const canonical = v => JSON.stringify(v, (k, x) => x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map(key => [key, x[key]])) : x);
const sentParams = new Set();
function paramsSent() { sentParams.add(canonical(PP)); return PP; }
function sendParams() { send({ type: 'params', values: paramsSent() }); }
function paramsElsewhere() {
  const used = M && M.h.pageParams;
  return !!used && canonical(used) !== canonical(PP) && !sentParams.has(canonical(used));
}
function claimParams() { if (paramsElsewhere()) sendParams(); }
window.addEventListener('focus', claimParams);
document.addEventListener('pointerdown', claimParams, true);
// A param's value for this page: the one it set, else its base (`--param`'s, else the default).
const baseValue = p => ('base' in p ? p.base : p.default);
const ownValue = p => (Object.hasOwn(PP, p.name) ? PP[p.name] : baseValue(p));
function setParam(name, value, fallback) {
  if (JSON.stringify(value) === JSON.stringify(fallback)) delete PP[name]; else PP[name] = value;
  writeParams();
  sendParams();
}
// The slider's range: the param's own bounds where it has them (a built-in's columns from 1).
function numberRange(p) {
  const d = p.default, v = p.value;
  let lo = Math.min(0, d * 4, v), hi = Math.max(d > 0 ? d * 4 : 100, v);
  if (p.min !== undefined) lo = Math.max(lo, p.min);
  if (p.max !== undefined) hi = Math.min(hi, p.max);
  return [lo, hi, Number.isInteger(d) ? 1 : (hi - lo) / 200];
}
function showParams(list, used) {
  if (used && canonical(used) === canonical(PP)) sentParams.clear();
  // Most layouts declare none: nothing to compare or set on every frame message.
  if ((!list || !list.length) && paramsBar.hidden && !paramsBar.firstChild) return;
  const bar = paramsBar, key = JSON.stringify((list || []).map(p => [p.name, p.default, p.base, p.choices]));
  bar.hidden = !list || !list.length;
  if (key !== paramsShown) {
    paramsShown = key;
    bar.textContent = '';
    if (bar.hidden) return;
    bar.append('params:');
    for (const p of list) {
      // A value equal to the base is left out of the page's params (and address); one equal to
      // the default is kept when --param gives another.
      const label = document.createElement('label'), d = p.default, base = baseValue(p);
      label.dataset.param = p.name;
      label.append(p.name + ' ');
      if (p.choices) {
        const menu = document.createElement('select');
        for (const c of p.choices) {
          const option = document.createElement('option');
          option.value = JSON.stringify(c); option.textContent = String(c);
          menu.append(option);
        }
        menu.onchange = () => setParam(p.name, JSON.parse(menu.value), base);
        label.append(menu);
      } else if (typeof d === 'number') {
        const range = document.createElement('input'), field = document.createElement('input');
        range.type = 'range'; field.type = 'number'; field.step = 'any';
        range.oninput = () => { field.value = range.value; setParam(p.name, +range.value, base); };
        field.onchange = () => { if (field.value !== '' && isFinite(+field.value)) setParam(p.name, +field.value, base); };
        label.append(range, field);
      } else if (typeof d === 'boolean') {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.onchange = () => setParam(p.name, box.checked, base);
        label.append(box);
      } else {
        const field = document.createElement('input');
        field.type = 'text'; field.size = 10;
        field.onchange = () => {
          if (typeof d === 'string') { setParam(p.name, field.value, base); return; }
          let value;
          try { value = JSON.parse(field.value); } catch (e) { return refuseValue(field, 'expected JSON'); }
          if (!finiteJSON(value)) return refuseValue(field, 'expected JSON with finite numbers');
          field.setCustomValidity('');
          setParam(p.name, value, base);
        };
        label.append(field);
      }
      bar.append(label);
    }
    const reset = document.createElement('button');
    reset.textContent = 'defaults'; reset.title = 'the script\'s defaults and --param\'s values';
    reset.onclick = () => { for (const k of Object.keys(PP)) delete PP[k]; writeParams(); sendParams(); };
    bar.append(reset);
  }
  // This page's own values (its address's), whatever page's params the picture was laid out
  // with (the status line says when they are another's), except in the control being edited.
  for (const p of list || []) {
    const label = bar.querySelector('[data-param="' + CSS.escape(p.name) + '"]');
    if (!label) continue;
    const value = ownValue(p);
    label.classList.toggle('set', JSON.stringify(value) !== JSON.stringify(p.default));
    label.classList.toggle('unkept', unkept.has(p.name));
    for (const input of label.querySelectorAll('input, select')) {
      if (input === document.activeElement && input.type !== 'range') continue;
      if (input.tagName === 'SELECT') input.value = JSON.stringify(p.choices.find(c => c === value || +c === +value && typeof c === 'number'));
      else if (input.type === 'checkbox') input.checked = !!value;
      else if (input.type === 'range') {
        const [lo, hi, step] = numberRange({ ...p, value });
        input.min = lo; input.max = hi; input.step = step; input.value = value;
      } else input.value = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
}
