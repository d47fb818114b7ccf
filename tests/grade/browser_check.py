#!/usr/bin/env python3
"""Open pages of a `grade --out` folder in headless Chromium, as an
instructor's browser would from disk, and check them.

    python3 tests/grade/browser_check.py PAGE.html... [--screenshots DIR]
    python3 tests/grade/browser_check.py PAGE.html --shot PNG

For each page: no console error or uncaught exception (a load the
page's Content-Security-Policy refused is one), every link (`a href`)
names a file that exists, no request leaves the page (`requests`: every
URL it asked for but its own; a feedback page quoting a hostile
submission must ask for none), and how many inline SVG charts it shows;
at 1280 px, the size its text and each chart's smallest labels are shown
at (`text_px`, `chart_label_px`: a chart's labels read at the page's
size), and at 414 px, a phone's width, whether the page is wider than the
window (`overflow_414`: it must not scroll sideways).
Prints one JSON object per page on stdout; exits 1 if any page has a
console error, a broken link or a request. With --screenshots, writes
<DIR>/<name>-414.png and -1280.png, the whole page at those widths, and
<name>-<width>-partN.png, the same in screens of 1,000 px. With --shot,
writes the top of the first page, 800 x 1100 px (the book's column and a
margin), to PNG: the instructors' chapter's screenshot.

Chromium is driven over its DevTools pipe (tests/chromium.py), as
docs/render.py does, and kept off the network. Needs Chromium (Debian: `apt-get install chromium`;
another binary with CHROMIUM=path). Python 3 standard library only.
"""

import base64
import json
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from chromium import DevTools, find_chromium  # noqa: E402  (tests/chromium.py)

LINKS = "[...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))"
# Each chart's smallest text as shown: its font size in the chart's own
# pixels times the scale the page shows the chart at.
CHART_LABEL_PX = """[...document.querySelectorAll('figure svg')].map(svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize));
  return Math.round(Math.min(...sizes) * scale * 10) / 10;
})"""
TEXT_PX = "parseFloat(getComputedStyle(document.body).fontSize)"
OVERFLOWS = ("document.documentElement.scrollWidth > "
             "document.documentElement.clientWidth")
PHONE_WIDTH = 414


class Chromium(DevTools):
    """The shared driver, with the console's events, waiting a frame after
    each load."""

    def __init__(self, binary, profile):
        super().__init__(binary, profile, "browser_check.py",
                         domains=("Page", "Runtime", "Log", "Network"))

    def open(self, url, width):
        self.navigate(url, width, 800)
        self.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")

    def errors(self):
        """The console errors and uncaught exceptions since the last open."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("text", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(" ".join(str(a.get("value")) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", "error"))
        return found

    def requests(self, url):
        """Every URL the page asked for since the last open, but `url`."""
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"
                and e["params"]["request"]["url"] != url]

    def screenshot(self, png, top=0, height=None):
        """The page from `top` down, `height` pixels (the rest if None)."""
        whole = self.evaluate("document.documentElement.scrollHeight")
        width = self.evaluate("document.documentElement.clientWidth")
        height = min(height or whole, whole - top)
        data = self.call("Page.captureScreenshot", tab=True, format="png",
                         captureBeyondViewport=True,
                         clip={"x": 0, "y": top, "width": width, "height": height,
                               "scale": 1})["data"]
        png.write_bytes(base64.b64decode(data))
        return whole


def broken_links(page, hrefs):
    """The links of `page` that name no file: every link of a report is
    relative, to a page beside it."""
    broken = []
    for href in hrefs:
        parsed = urllib.parse.urlparse(href)
        if parsed.scheme or parsed.netloc:
            broken.append(f"{href} (leaves the folder)")
            continue
        if not parsed.path:
            continue  # a link within the page
        target = page.parent / urllib.parse.unquote(parsed.path)
        if not target.is_file():
            broken.append(href)
    return broken


def main():
    args = sys.argv[1:]
    shots = None
    if "--screenshots" in args:
        at = args.index("--screenshots")
        shots = Path(args[at + 1])
        shots.mkdir(parents=True, exist_ok=True)
        del args[at:at + 2]
    shot = None
    if "--shot" in args:
        at = args.index("--shot")
        shot = Path(args[at + 1])
        del args[at:at + 2]
    pages = [Path(p).resolve() for p in args]
    failed = False
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(find_chromium("browser_check.py"), profile)
        try:
            if shot:
                browser.open(pages[0].as_uri(), 800)
                browser.screenshot(shot, 0, 1100)
                print(shot)
                return
            for page in pages:
                browser.open(page.as_uri(), 1280)
                hrefs = browser.evaluate(LINKS)
                result = {
                    "page": str(page),
                    "errors": browser.errors(),
                    "links": len(hrefs),
                    "broken_links": broken_links(page, hrefs),
                    "requests": browser.requests(page.as_uri()),
                    "charts": browser.evaluate(
                        "document.querySelectorAll('figure svg').length"),
                    "chart_text": browser.evaluate(
                        "[...document.querySelectorAll('figure svg text')]"
                        ".map(t => t.textContent).join(' ')")[:2000],
                    "text_px": browser.evaluate(TEXT_PX),
                    "chart_label_px": browser.evaluate(CHART_LABEL_PX),
                }
                browser.open(page.as_uri(), PHONE_WIDTH)
                result[f"overflow_{PHONE_WIDTH}"] = browser.evaluate(OVERFLOWS)
                if shots:
                    name = page.parent.name if page.name == "index.html" else page.stem
                    for width in (PHONE_WIDTH, 1280):
                        browser.open(page.as_uri(), width)
                        whole = browser.screenshot(shots / f"{name}-{width}.png")
                        # The page in screens of 1,000 px too, to look at
                        # at full size.
                        for part, top in enumerate(range(0, whole, 1000), 1):
                            browser.screenshot(shots / f"{name}-{width}-part{part}.png",
                                               top, 1000)
                failed |= bool(result["errors"] or result["broken_links"] or result["requests"])
                print(json.dumps(result))
        finally:
            browser.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
