"""Headless Chromium over its DevTools pipe, for docs/render.py (the book
as a reader's browser shows it) and tests/grade/browser_check.py (the
class report from disk). Driven over the pipe rather than with
`--screenshot`, which captures a blank window once a page is scrolled,
and kept off the network. Python 3 standard library only.
"""

import json
import os
import shutil
import subprocess
import sys

PHONE = 600  # narrower than this, a window is a phone's


def find_chromium(tool):
    """The Chromium binary: $CHROMIUM, or the first of the usual names."""
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    sys.exit(f"{tool}: no Chromium found (apt-get install chromium, or set CHROMIUM)")


class DevTools:
    """A headless Chromium with one tab, driven over --remote-debugging-pipe:
    JSON messages, each ending in a NUL byte, in on fd 3 and out on fd 4.
    `tool` names the script in its errors; `domains` are the tab's event
    domains to enable."""

    def __init__(self, binary, profile, tool, domains=("Page",)):
        self.tool = tool
        commands, self.to_browser = os.pipe()
        self.from_browser, answers = os.pipe()
        flags = [
            "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            # Keep it off the network, which it would call at start.
            "--disable-quic", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--remote-debugging-pipe",
        ] + (["--no-sandbox"] if os.geteuid() == 0 else [])  # as root, it must
        self.process = subprocess.Popen(
            ["sh", "-c", f'exec "$0" "$@" 3<&{commands} 4>&{answers}', binary, *flags],
            pass_fds=(commands, answers),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(commands)
        os.close(answers)
        self.buffer, self.last_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in domains:
            self.call(f"{domain}.enable", tab=True)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                sys.exit(f"{self.tool}: Chromium stopped")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, tab=False, **params):
        """Calls `method` (in the tab if `tab`) and returns its result; the
        events that arrive meanwhile are kept in `events`."""
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params}
        if tab:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") != self.last_id:
                self.events.append(reply)
            elif "error" in reply:
                sys.exit(f"{self.tool}: {method}: {reply['error']}")
            else:
                return reply.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", tab=True, expression=expression,
                           awaitPromise=True, returnByValue=True)
        return result["result"].get("value")

    def navigate(self, url, width, height):
        """Opens `url` in a window `width` by `height` (a phone's below
        PHONE), and waits for its load event; `events` then holds the
        page's events only."""
        self.call("Emulation.setDeviceMetricsOverride", tab=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=width < PHONE)
        self.events.clear()
        self.call("Page.navigate", tab=True, url=url)
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self.receive())

    def close(self):
        os.write(self.to_browser,
                 json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
