// The preview page's WebSocket in a worker (see WorkerSocket in preview-page.js): it opens the
// socket, hands every message over as a transferred buffer and sends what the page gives it.
let ws = null;
onmessage = e => {
  const m = e.data;
  if (m.open) {
    ws = new WebSocket(m.open);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => postMessage({ event: 'open' });
    ws.onclose = () => postMessage({ event: 'close' });
    ws.onmessage = ev => postMessage({ event: 'message', data: ev.data }, typeof ev.data === 'string' ? [] : [ev.data]);
  } else if (m.close) {
    if (ws) ws.close();
  } else if (ws && ws.readyState === 1) ws.send(m.send);
};
