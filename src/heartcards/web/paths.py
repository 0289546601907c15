"""Folders shipped inside the package: the front end's static files and the translation catalogs."""

from __future__ import annotations

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
STATIC_DIR = WEB_DIR / "static"
PAGES_DIR = STATIC_DIR / "pages"
LOCALES_DIR = WEB_DIR / "locales"
