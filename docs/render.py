#!/usr/bin/env python3
"""Build the book, serve it over http and render it with headless Chromium,
to see the book as a reader's browser shows it.

    python3 docs/render.py [OUT]    # OUT defaults to target/book-render/

Writes to OUT, and prints the path of each file:

    start.png               the start page, 1280 x 900, with the sidebar
    <chapter>.png           the top of each chapter that shows a figure
    <chapter>-figure-N.png  its N-th figure, scrolled to the top of the window
    print.pdf               the whole book as the browser prints it (A4)

Needs mdBook (`cargo install mdbook --locked --version ^0.5`) and Chromium
(Debian: `apt-get install chromium`; another binary with CHROMIUM=path).
Chromium is driven over its DevTools pipe rather than with `--screenshot`,
which captures a blank window once a page is scrolled. Python 3 standard
library only.
"""

import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

DOCS = Path(__file__).resolve().parent
WIDTH = 1280

# A page's figures, without the enlarged copy of each that mdBook 0.5 adds
# for click-to-zoom.
FIGURES = """[...document.querySelectorAll("main img:not(.img-wrapper img)")]
    .filter(img => img.getAttribute("src").startsWith("figures/"))"""


class Chromium:
    """A headless Chromium with one tab, driven over --remote-debugging-pipe:
    JSON messages, each ending in a NUL byte, in on fd 3 and out on fd 4."""

    def __init__(self, binary, profile):
        commands, self.to_browser = os.pipe()
        self.from_browser, answers = os.pipe()
        flags = [
            "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            # Keep it off the network, which it would call at start.
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", f"--user-data-dir={profile}", "--remote-debugging-pipe",
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
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"]
        self.call("Page.enable", tab=True)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                sys.exit("render.py: Chromium stopped")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, tab=False, **params):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params}
        if tab:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") != self.last_id:
                self.events.append(reply.get("method"))
            elif "error" in reply:
                sys.exit(f"render.py: {method}: {reply['error']}")
            else:
                return reply.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", tab=True, expression=expression,
                           awaitPromise=True, returnByValue=True)
        return result["result"].get("value")

    def open(self, url, height):
        self.call("Emulation.setDeviceMetricsOverride", tab=True, width=WIDTH, height=height,
                  deviceScaleFactor=1, mobile=False)
        self.events.clear()
        self.call("Page.navigate", tab=True, url=url)
        while "Page.loadEventFired" not in self.events:
            self.events.append(self.receive().get("method"))
        # Web fonts in, and mdBook's scripts (sidebar, highlighting) done.
        self.evaluate("document.fonts.ready.then(() => new Promise(r => setTimeout(r, 300)))")

    def screenshot(self, png):
        data = self.call("Page.captureScreenshot", tab=True, format="png")["data"]
        png.write_bytes(base64.b64decode(data))
        print(png)

    def close(self):
        os.write(self.to_browser, json.dumps({"id": 0, "method": "Browser.close"}).encode()
                 + b"\0")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def chromium():
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    sys.exit("render.py: no Chromium found (apt-get install chromium, or set CHROMIUM)")


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS.parent / "target" / "book-render"
    out.mkdir(parents=True, exist_ok=True)
    if not shutil.which("mdbook"):
        sys.exit("render.py: mdbook is not installed "
                 "(cargo install mdbook --locked --version ^0.5)")
    binary = chromium()
    with tempfile.TemporaryDirectory() as scratch:
        book = Path(scratch) / "book"
        subprocess.run(["mdbook", "build", str(DOCS), "--dest-dir", str(book)],
                       check=True, capture_output=True)
        quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,),
                     {"log_message": lambda *args: None})
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(quiet, directory=str(book)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        site = f"http://127.0.0.1:{server.server_address[1]}"
        browser = Chromium(binary, Path(scratch) / "profile")
        try:
            browser.open(f"{site}/index.html", 900)
            browser.screenshot(out / "start.png")
            for page in sorted(book.glob("*.html")):
                if page.name in ("index.html", "print.html", "toc.html", "404.html"):
                    continue
                if 'src="figures/' not in page.read_text(encoding="utf-8"):
                    continue
                browser.open(f"{site}/{page.name}", 900)
                browser.screenshot(out / f"{page.stem}.png")
                browser.open(f"{site}/{page.name}", 1000)
                for n in range(1, browser.evaluate(f"{FIGURES}.length") + 1):
                    # Its top just under the menu bar.
                    browser.evaluate(f"""{FIGURES}[{n - 1}].scrollIntoView({{block: "start"}});
                        window.scrollBy(0, -60);
                        new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))""")
                    browser.screenshot(out / f"{page.stem}-figure-{n}.png")
            browser.open(f"{site}/print.html", 900)
            pdf = browser.call("Page.printToPDF", tab=True, paperWidth=8.27, paperHeight=11.69,
                               printBackground=True)["data"]
            (out / "print.pdf").write_bytes(base64.b64decode(pdf))
            print(out / "print.pdf")
        finally:
            browser.close()
            server.shutdown()


if __name__ == "__main__":
    main()
