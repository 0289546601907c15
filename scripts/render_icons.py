"""Render the app's PNG icons from its own favicon (static/favicon.svg), for a phone's home screen.

    uv run python scripts/render_icons.py     # writes src/heartcards/web/static/icons/*.png

Run it again after a change to the favicon and commit the icons with it.

Headless Chromium (Debian's /usr/bin/chromium, through Playwright) draws the SVG at each size and screenshots it.
The "any" icons are the favicon as it is (its rounded corners transparent). A maskable icon may be cut to any shape
inside its square, so it fills the square with the favicon's green and shrinks the heart into the middle 80 % (the
safe zone of the web app manifest's maskable icons); the Apple touch icon is the same, since iOS rounds its corners
itself and paints transparent ones black. The web app manifest (web/h2h/offline.py) lists them.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[1] / "src" / "heartcards" / "web" / "static"
FAVICON = STATIC / "favicon.svg"
ICONS = STATIC / "icons"
CHROMIUM = "/usr/bin/chromium"
SAFE_ZONE = 0.8
# name: (size in pixels, full square with the heart in the safe zone)
TARGETS: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def full_square(svg: str) -> str:
    """The favicon on a square of its own background colour, its drawing shrunk into the safe zone."""
    match = re.fullmatch(r'\s*(<svg [^>]*viewBox="0 0 (\d+) (\d+)"[^>]*>)(.*)</svg>\s*', svg, re.DOTALL)
    if match is None:
        raise ValueError("favicon.svg is not one <svg> with a viewBox from 0 0")
    opening, width, height, drawing = match.groups()
    background = re.search(r'fill="(#[0-9a-fA-F]{3,6})"', drawing)
    if background is None:
        raise ValueError("favicon.svg has no background fill")
    half_w, half_h = int(width) / 2, int(height) / 2
    shrink = f"translate({half_w} {half_h}) scale({SAFE_ZONE}) translate({-half_w} {-half_h})"
    return (
        f'{opening}<rect width="{width}" height="{height}" fill="{background.group(1)}"/>'
        f'<g transform="{shrink}">{drawing}</g></svg>'
    )


def render(svg: str, size: int, page: Any) -> bytes:
    """`svg` drawn at `size` x `size` pixels, as a PNG with its transparency."""
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        f'<html><body style="margin:0;background:transparent"><img src="{source}" width="{size}" height="{size}" '
        'style="display:block"></body></html>'
    )
    page.wait_for_function("document.images[0].complete && document.images[0].naturalWidth > 0")
    shot: bytes = page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
    return shot


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = FAVICON.read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page(device_scale_factor=1)
            ICONS.mkdir(exist_ok=True)
            for name, (size, square) in TARGETS.items():
                png = render(full_square(svg) if square else svg, size, page)
                (ICONS / name).write_bytes(png)
                print(f"icons/{name}: {size}x{size}, {len(png)} bytes")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
