"""Folders shipped inside the package: the front end's static files, the pages' templates, the translation catalogs."""

from __future__ import annotations

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
STATIC_DIR = WEB_DIR / "static"
PAGES_DIR = WEB_DIR / "templates"
LOCALES_DIR = WEB_DIR / "locales"
