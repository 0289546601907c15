"""The committed copy of the app's OpenAPI document, `docs/openapi.json`, which clients can be written from.

`uv run python -m heartcards.web.openapi` writes it; with `--check` it only says whether the copy is up to date
(exit 1 when not). A test holds the copy to the app.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Final

from fastapi import FastAPI

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app

COMMITTED: Final = Path("docs/openapi.json")


def document_text(app: FastAPI) -> str:
    """The document as the committed copy holds it: indented JSON, keys in the app's order, a final newline."""
    return json.dumps(app.openapi(), indent=2, ensure_ascii=False) + "\n"


def built_document_text() -> str:
    """The document of an app built on a throwaway database (the schema does not depend on the data)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(database_url=f"sqlite:///{Path(folder) / 'openapi.sqlite3'}"))
        try:
            return document_text(app)
        finally:
            app.state.services.close()


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write (or check) the committed OpenAPI document.")
    parser.add_argument("path", nargs="?", type=Path, default=COMMITTED, help=f"default: {COMMITTED}")
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    options = parser.parse_args(arguments)
    text = built_document_text()
    if options.check:
        current = options.path.read_text(encoding="utf-8") if options.path.is_file() else ""
        if current != text:
            print(f"{options.path} is out of date: run uv run python -m heartcards.web.openapi", file=sys.stderr)
            return 1
        print(f"{options.path} is up to date")
        return 0
    options.path.write_text(text, encoding="utf-8")
    print(f"wrote {options.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
