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
