#!/usr/bin/env python3
"""The preview's memory under a page that never reads: 300 saves of a 100k-item data file with
one page reading and one connected page that never reads. The server's RSS after the last save
must stay within 1.5x of its RSS after the first ten (each page keeps only the newest generation
it has not taken; the page that never reads leaves the server's pings unanswered too, so the
server closes it after about a minute). Usage: scripts/preview-soak.py TESSERA [SAVES] [ITEMS]"""
import json, os, re, subprocess, sys, tempfile, threading, time, urllib.parse
import websocket

tessera = sys.argv[1]
saves = int(sys.argv[2]) if len(sys.argv) > 2 else 300
items = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
folder = tempfile.mkdtemp(prefix="tessera-soak-")
data = os.path.join(folder, "data.json")

def save(k):
    # Every save moves the ids along, so each is a new generation with a new id table.
    with open(data + ".tmp", "w") as f:
        json.dump({"items": [{"id": f"i{(k + i) % (2 * items)}", "w": 50, "h": 20 + i % 7} for i in range(items)]}, f)
    os.replace(data + ".tmp", data)

def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) // 1024

save(0)
server = subprocess.Popen([tessera, "preview", "flow", "--data", data], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
lines, generations = [], [0]
def follow():
    for line in server.stdout:
        lines.append(line)
        m = re.match(r"gen (\d+) ok", line)
        if m: generations[0] = int(m.group(1))
threading.Thread(target=follow, daemon=True).start()
deadline = time.time() + 60
while not any(l.startswith("tessera preview: ") for l in lines):
    if time.time() > deadline or server.poll() is not None: sys.exit("soak: the preview did not start: " + "".join(lines))
    time.sleep(0.05)
address = urllib.parse.urlparse(next(l for l in lines if l.startswith("tessera preview: ")).split(" ")[2].strip())
def connect():
    return websocket.create_connection(f"ws://{address.netloc}/ws?{address.query}", origin=f"http://{address.netloc}", timeout=120)
reader, idle = connect(), connect()   # `idle` never reads
def read():
    try:
        while True: reader.recv()
    except Exception: pass
threading.Thread(target=read, daemon=True).start()

baseline = None
try:
    for k in range(1, saves + 1):
        before = generations[0]
        save(k)
        deadline = time.time() + 120
        while generations[0] <= before:
            if time.time() > deadline or server.poll() is not None: sys.exit(f"soak: save {k} was not rendered:\n" + "".join(lines[-5:]))
            time.sleep(0.01)
        if k == 10: baseline = rss(server.pid)
    final = rss(server.pid)
finally:
    server.terminate()
    server.wait()
print(f"soak: {saves} saves of {items} items, one page reading and one not: RSS {baseline} MB after 10 saves, {final} MB after {saves} ({final / baseline:.2f}x)")
if final > 1.5 * baseline:
    sys.exit("soak: the RSS grew past 1.5x")
