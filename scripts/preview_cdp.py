"""A small DevTools-protocol driver for headless Chromium, shared by the preview browser test.

Starts `chromium --headless` with a DevTools port, opens one page and talks to it over the
protocol's WebSocket (websocket-client from PyPI). Every JavaScript exception and every
console or log error of the page is collected in `errors`.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("preview test: no chromium found (scripts/test installs Debian's chromium)")


# The preview page's socket is open. The page draws the pass it came with before that: a save
# made earlier plays nowhere, and a message sent earlier is lost, so a test waits for this after
# the first picture, before it saves or sends.
SOCKET_OPEN = "document.getElementById('conn').textContent === 'connected'"


class Browser:
    def __init__(self, width=1400, height=1000):
        self.profile = tempfile.mkdtemp(prefix="tessera-chromium-")
        self.process = subprocess.Popen(
            [chromium_binary(), "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             "--user-data-dir=" + self.profile, "--no-first-run", "--no-default-browser-check",
             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
             "--disable-backgrounding-occluded-windows", "--window-size=%d,%d" % (width, height), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("preview test: chromium did not start")
            time.sleep(0.1)
        self.port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % self.port))
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
        self.next_id = 0
        self.errors = []
        self.call("Runtime.enable")
        self.call("Log.enable")
        self.call("Page.enable")

    def _event(self, message):
        method = message.get("method")
        params = message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.errors.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append("log: " + params["entry"]["text"])

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            self._event(message)

    def eval(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError("eval failed: %s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def wait(self, expression, what, timeout=60):
        """Polls `expression` until it is truthy; fails naming `what` after `timeout` seconds."""
        deadline = time.time() + timeout
        while True:
            try:
                value = self.eval(expression)
            except RuntimeError:
                value = None   # the page is still loading
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError("timed out waiting for " + what)
            time.sleep(0.05)

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, path, clip=None):
        """Saves the page as a PNG; `clip` (x, y, width, height) keeps only that part."""
        import base64
        extra = {"clip": dict(zip(("x", "y", "width", "height"), clip), scale=1)} if clip else {}
        data = self.call("Page.captureScreenshot", format="png", **extra)["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        try:
            self.ws.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


def write_files(prefix, files):
    """A fresh temporary folder (named from `prefix`) holding `files`, name to contents (text, or
    a value written as JSON); returns the folder and each file's path by name."""
    work = tempfile.mkdtemp(prefix=prefix)
    paths = {}
    for name, contents in files.items():
        paths[name] = os.path.join(work, name)
        with open(paths[name], "w") as f:
            if isinstance(contents, str):
                f.write(contents)
            else:
                json.dump(contents, f)
    return work, paths


def start_preview(arguments):
    """Starts `tessera preview` (the command and its arguments); returns the process, the
    page's address, its port and token, and a list that collects the server's output lines."""
    import re
    import threading
    server = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    address_line = server.stdout.readline()
    m = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", address_line)
    if not m:
        server.kill()
        raise SystemExit("preview test: no address printed, got %r; stderr: %s" % (address_line, server.stderr.read()))
    for stream in (server.stdout, server.stderr):
        threading.Thread(target=lambda s=stream: [lines.append(l) for l in s], daemon=True).start()
    return server, m.group(1), int(m.group(2)), m.group(3), lines


class Checks(list):
    """The names of the checks passed so far; `check` raises naming the one that failed."""

    def __call__(self, name, condition, detail=""):
        if not condition:
            raise AssertionError("%s failed %s" % (name, detail))
        self.append(name)


def drawn_box_js(selector):
    """JavaScript giving the box of the element `selector` picks as drawn, relative to the
    viewport (the view's client area) and in its px, or null. The preview draws its frame
    smaller when it does not fit the window: screen px are scaled back (to 0.001 px: a
    scaled box is measured in single precision)."""
    return ("(() => { const n = document.querySelector(%s); if (!n) return null;"
            " const v = document.getElementById('view').getBoundingClientRect(), r = n.getBoundingClientRect();"
            " const k = v.width / view.offsetWidth, px = d => k === 1 ? d : Math.round(d / k * 1e3) / 1e3;"
            " return [px(r.left - v.left) - view.clientLeft, px(r.top - v.top) - view.clientTop, px(r.width), px(r.height)]; })()"
            % json.dumps(selector))


def report_failure(test, checks, lines, browser):
    """Writes what a failed browser test knows: the checks passed, the server's last lines, the
    page's errors, status line and address."""
    import sys
    sys.stderr.write("%s failed; checks passed before: %s\nserver output (last lines):\n%s\n"
                     % (test, ", ".join(checks), "".join(lines[-20:])))
    if browser is not None:
        sys.stderr.write("page errors: %s\n" % browser.errors)
        try:
            sys.stderr.write("status: %s\nhash: %s\n" % (browser.eval("document.getElementById('status').textContent"),
                                                         browser.eval("location.hash")))
        except Exception:
            pass


def shut_down(browser, server):
    """Closes the browser (when one started) and stops the preview server."""
    try:
        if browser is not None:
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


# The socket-holding tests' layout and animator: rows 60 high, 10 apart, and an animator long
# and linear enough that a test sees it play.
HELD_ROWS = """-- rows 60 high, 10 apart
return {
  simpleLayout = function(ctx)
    for i = 1, ctx.count do ctx.set(i, 10, 10 + (i - 1) * 70, ctx.width - 20, 60) end
  end,
}
"""
HELD_ANIMATOR = """return {
  insert = function(e) return { from = { alpha = 0, scale = 0.5 }, duration = 3, curve = "linear" } end,
  delete = function(e) return { to = { alpha = 0 }, duration = 3, curve = "linear" } end,
  update = function(e) return { duration = 3, curve = "linear" } end,
}
"""


def hold_socket_js(holding):
    """A script to run before the page's own: while window.__holding (at first `holding`), the
    socket worker's open message waits for window.__openSocket(), which opens it and ends the
    hold; window.__opens lists the addresses the page opened."""
    return """(() => {
  const Real = Worker;
  window.__opens = [];
  window.__held = [];
  window.__holding = %s;
  window.__openSocket = () => { window.__holding = false; for (const f of window.__held.splice(0)) f(); };
  window.Worker = class extends Real {
    postMessage(m) {
      if (m && m.open) { window.__opens.push(m.open); if (window.__holding) { window.__held.push(() => super.postMessage(m)); return; } }
      super.postMessage(m);
    }
  };
})();""" % ("true" if holding else "false")


def save_json(path, value):
    """Saves `value` as JSON at `path` as an editor does: written aside, then renamed into place."""
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        json.dump(value, f)
    os.replace(tmp, path)


# Sections whose long titles (in their top right corners) meet the labels of the cards there, laid
# out by `flow --label name` at 300x400: 40 px tall cards, where a label moves under the title;
# 20 px tall ones, where it is cut short of it; 16 px squares, where it is left off; then enough
# cards to scroll the first titles away. Used by the run page's test and the preview's.
TITLED = {"source": "page labels browser test", "licence": "CC0-1.0", "sections": [
    {"id": "tall", "title": "Smileys & Emotion", "items": [{"id": "t%d" % k, "name": "grinning face", "w": 90, "h": 40} for k in range(7)]},
    {"id": "short", "title": "People & Body", "items": [{"id": "s%d" % k, "name": "face with tears of joy", "w": 90, "h": 20} for k in range(7)]},
    {"id": "small", "title": "Animals & Nature", "items": [{"id": "m%d" % k, "name": "cat", "w": 16, "h": 16} for k in range(40)]},
    {"id": "rest", "title": "Food & Drink", "items": [{"id": "r%d" % k, "name": "pear", "w": 90, "h": 40} for k in range(240)]},
]}

# Each card's label as the page shows it: the text's box cut to the card's content box (padding
# and border off), its padding and its whole label (`whole`, a JavaScript expression of the card's
# node n); each title's box, the gap between its right padding and its text's end, and whether
# its text was cut.
LABELS_JS = """(() => {
  const box = r => [r.left, r.top, r.right, r.bottom];
  const textBox = n => { const range = document.createRange(); range.selectNodeContents(n); return box(range.getBoundingClientRect()); };
  const titles = [...document.querySelectorAll('#layer > div.title')].map(n => {
    const r = n.getBoundingClientRect(), cs = getComputedStyle(n), px = k => parseFloat(cs[k]);
    return { box: box(r), text: n.textContent, end: r.right - px('borderRightWidth') - px('paddingRight') - textBox(n)[2],
             ellipsis: n.scrollWidth > n.clientWidth };
  });
  const cards = [...document.querySelectorAll('#layer > div.item')].map(n => {
    const r = n.getBoundingClientRect(), cs = getComputedStyle(n), px = k => parseFloat(cs[k]);
    const inner = [r.left + px('borderLeftWidth') + px('paddingLeft'), r.top + px('borderTopWidth') + px('paddingTop'),
                   r.right - px('borderRightWidth') - px('paddingRight'), r.bottom - px('borderBottomWidth') - px('paddingBottom')];
    let text = null;
    if (n.firstChild) {
      const t = textBox(n);
      text = [Math.max(t[0], inner[0]), Math.max(t[1], inner[1]), Math.min(t[2], inner[2]), Math.min(t[3], inner[3])];
    }
    return { card: box(r), text, label: n.textContent, whole: %s, moved: px('paddingTop'), cut: px('paddingRight'),
             ellipsis: n.scrollWidth > n.clientWidth };
  });
  return { titles, cards };
})()"""


def check_title_labels(browser, checks, when, whole):
    """Checks the TITLED page as drawn (`whole`: LABELS_JS's expression of a card's whole label):
    each title's box ends its padding's width past its text (measured, not estimated: within a
    pixel, the text not cut); no label's box meets a title's; one the title met moves just under
    it when its card is tall enough, else it is cut short of it, else left off."""
    seen = browser.eval(LABELS_JS % whole)
    titles, cards = seen["titles"], seen["cards"]
    boxes = [t["box"] for t in titles]
    checks("%s each title's box ends within a pixel past its text and its padding, the text whole" % when,
           len(titles) == 4 and all(0 <= t["end"] <= 1 and not t["ellipsis"] for t in titles), str(titles))
    meets = lambda a, b: a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    under = [c for c in cards if c["text"] and any(meets(c["text"], t) for t in boxes)]
    checks("%s no label's box meets a section title's box" % when, under == [], str(under))
    # A label's line at its card's top: from the card's left edge to 2 px past the text (`width`),
    # from its top to 2 px under the text.
    line = lambda c, width: [c["card"][0], c["card"][1], c["text"][0] + width + 2, c["card"][1] + c["text"][3] - c["text"][1] + 3]
    moved = [c for c in cards if c["moved"] > 0]
    checks("%s a label the title met moves just under it, whole" % when,
           len(moved) > 0 and all(c["whole"] == c["label"] and not c["ellipsis"] and any(
               meets(line(c, c["text"][2] - c["text"][0]), t) and 0 <= c["text"][1] - t[3] <= 2 for t in boxes) for c in moved),
           str(moved))
    cut = [c for c in cards if c["cut"] > 0]
    checks("%s a label with no room under the title is cut short of it" % when,
           len(cut) > 0 and all(c["card"][3] - c["card"][1] == 20 and c["ellipsis"] and any(
               meets(c["card"], t) and c["text"][2] <= t[0] - 2 for t in boxes) for c in cut), str(cut))
    dropped = [c for c in cards if c["label"] == ""]
    checks("%s a label with no room beside the title either is left off" % when,
           any(c["whole"] == "cat" for c in dropped)
           and all(c["ellipsis"] is False and any(meets(c["card"], t) for t in boxes) for c in dropped),
           str(dropped))
    # The rest are written whole at their cards' top left, their lines clear of the titles: a
    # short label ("pear" beside "Food & Drink") is not moved for a title its text does not reach.
    rest = [c for c in cards if c not in moved and c not in cut and c not in dropped]
    checks("%s every other label is written whole, clear of the titles" % when,
           len(rest) > 0 and all(c["label"] == c["whole"] and c["text"][1] == c["card"][1] + 1
                                 and not any(meets(line(c, c["text"][2] - c["text"][0]), t) for t in boxes) for c in rest),
           str([c for c in rest if c["label"] != c["whole"] or any(meets(line(c, c["text"][2] - c["text"][0]), t) for t in boxes)]))
    beside = [c for c in rest if c["whole"] == "pear" and any(meets(c["card"], t) for t in boxes)]
    checks("%s a short label under a title's corner stays at the top left" % when, len(beside) > 0, str(rest))
