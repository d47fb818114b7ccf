#!/usr/bin/env python3
"""Build the book, serve it over http and render it with headless Chromium,
to see the book as a reader's browser shows it.

    python3 docs/render.py [OUT] [--width PX] [--page PAGE ...]

OUT defaults to target/book-render/ (target/book-render-PX/ for another
width). Writes to OUT, and prints the path of each file:

    start.png               the start page, 900 high, with the sidebar
    <chapter>.png           the top of each chapter that shows a figure
    <chapter>-figure-N.png  its N-th figure, scrolled to the top of the window
    print.pdf               the whole book as the browser prints it (A4)

--width PX renders at that window width instead of 1280; below 600 it
emulates a phone (mdBook's narrow layout, sidebar closed), e.g. 414 for a
large phone. --page PAGE (repeatable; a page's path without .html, such
as start-here or deeper/testing) renders those pages instead of the
chapters with figures: the top, each figure, each table and each text
block (a report), as <page>-table-N.png and <page>-text-N.png, and no
PDF. For each page rendered it prints any element of the text that
sticks out past the window's right edge, which a reader would find cut
off, and any table or text block that scrolls sideways.

Needs mdBook (`cargo install mdbook --locked --version ^0.5`) and Chromium
(Debian: `apt-get install chromium`; another binary with CHROMIUM=path).
Chromium is driven over its DevTools pipe (tests/chromium.py). Python 3
standard library only.
"""

import argparse
import base64
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "tests"))
from chromium import DevTools, find_chromium  # noqa: E402  (tests/chromium.py)

WIDTH = 1280

# The page's tables.
TABLES = 'document.querySelectorAll("main table")'

# Elements of the text whose right edge is past the window's, and that no
# scrolling box of their own holds: what a reader sees cut off.
STICKING_OUT = """[...document.querySelectorAll("main *")].filter(e => {
    const right = e.getBoundingClientRect().right;
    if (right <= window.innerWidth + 1) return false;
    for (let p = e.parentElement; p && p.tagName !== "MAIN"; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (["auto", "scroll"].includes(style.overflowX) && p.getBoundingClientRect().right
            <= window.innerWidth + 1) return false;
    }
    return true;
}).filter((e, _, all) => !all.includes(e.parentElement))
  .map(e => `${e.tagName.toLowerCase()} ${Math.round(e.getBoundingClientRect().right)}px: `
            + e.textContent.trim().slice(0, 60))"""

# Tables wider than the column, which mdBook's wrapper lets the reader
# scroll sideways: the n-th, its width and the column's.
SIDEWAYS = """[...document.querySelectorAll("main .table-wrapper")]
    .map((w, n) => [n + 1, w.scrollWidth, w.clientWidth])
    .filter(([, wide, column]) => wide > column + 1)"""

# The page's text blocks (reports and other output): on a phone they wrap
# (layout.css); the n-th, its width and its box's, for those that still
# scroll sideways.
TEXT_BLOCKS = 'document.querySelectorAll("main pre > code.language-text")'
TEXT_SIDEWAYS = f"""[...{TEXT_BLOCKS}]
    .map((c, n) => [n + 1, c.parentElement.scrollWidth, c.parentElement.clientWidth])
    .filter(([, wide, box]) => wide > box + 1)"""

# A page's figures, without the enlarged copy of each that mdBook 0.5 adds
# for click-to-zoom.
FIGURES = """[...document.querySelectorAll("main img:not(.img-wrapper img)")]
    .filter(img => img.getAttribute("src").startsWith("figures/"))"""


class Chromium(DevTools):
    """The shared driver at one window width, waiting for the book's fonts
    and scripts after each load."""

    def __init__(self, binary, profile, width):
        super().__init__(binary, profile, "render.py")
        self.width = width

    def open(self, url, height):
        self.navigate(url, self.width, height)
        # Web fonts in, and mdBook's scripts (sidebar, highlighting) done.
        self.evaluate("document.fonts.ready.then(() => new Promise(r => setTimeout(r, 300)))")

    def screenshot(self, png):
        data = self.call("Page.captureScreenshot", tab=True, format="png")["data"]
        png.write_bytes(base64.b64decode(data))
        print(png)


def scroll_to(browser, elements, n):
    """Scrolls the n-th (from 1) of the elements to just under the menu bar."""
    browser.evaluate(f"""{elements}[{n - 1}].scrollIntoView({{block: "start"}});
        window.scrollBy(0, -60);
        new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))""")


def render_pages(browser, site, out, pages):
    """The top, each figure, each table and each text block of the named
    pages."""
    for page in pages:
        name = page.replace("/", "-")
        browser.open(f"{site}/{page}.html", 900)
        if browser.evaluate("document.querySelector('main h1') === null"):
            sys.exit(f"render.py: {page}.html is no page of the book")
        browser.screenshot(out / f"{name}.png")
        for what, elements in [("figure", FIGURES), ("table", TABLES), ("text", TEXT_BLOCKS)]:
            for n in range(1, browser.evaluate(f"[...{elements}].length") + 1):
                scroll_to(browser, elements, n)
                browser.screenshot(out / f"{name}-{what}-{n}.png")
        for line in browser.evaluate(STICKING_OUT):
            print(f"  {page}: cut off at {browser.width}px: {line}")
        for n, wide, column in browser.evaluate(SIDEWAYS):
            print(f"  {page}: table {n} scrolls sideways: {wide}px in a {column}px column")
        for n, wide, box in browser.evaluate(TEXT_SIDEWAYS):
            print(f"  {page}: text block {n} scrolls sideways: {wide}px in a {box}px box")


def main():
    parser = argparse.ArgumentParser(description="Render the book with headless Chromium.")
    parser.add_argument("out", nargs="?", type=Path, help="where to write (target/book-render/)")
    parser.add_argument("--width", type=int, default=WIDTH, help="window width in CSS pixels")
    parser.add_argument("--page", action="append", default=[],
                        help="render this page (e.g. deeper/testing) instead; repeatable")
    args = parser.parse_args()
    if args.width < 200:
        parser.error("--width must be at least 200")
    folder = "book-render" if args.width == WIDTH else f"book-render-{args.width}"
    out = args.out or DOCS.parent / "target" / folder
    out.mkdir(parents=True, exist_ok=True)
    if not shutil.which("mdbook"):
        sys.exit("render.py: mdbook is not installed "
                 "(cargo install mdbook --locked --version ^0.5)")
    binary = find_chromium("render.py")
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
        browser = Chromium(binary, Path(scratch) / "profile", args.width)
        try:
            if args.page:
                render_pages(browser, site, out, args.page)
                return
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
                    scroll_to(browser, FIGURES, n)
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
