"""The front end's ES module graph, read from the files themselves: a page (`templates/common/base.html`) preloads
every module its entry imports, directly or not, so the browser fetches them at once instead of one level of imports
at a time. Before its entry every page runs `FIRST_MODULE`, the identity check, whose modules are preloaded too.

Only static `import … from "./x.js"` / `export … from "./x.js"` / `import "./x.js"` with relative paths count (the
front end has no bare imports and no build step); dynamic `import()` is left to load when it runs.
"""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path
from typing import Final

from heartcards.web.paths import STATIC_DIR

STATIC_URL = "/static/"
FIRST_MODULE: Final = "/static/js/common/identity-check.js"
"""The module every page runs before its entry: a change of player drops the previous one's data first."""
_STATIC_IMPORT = re.compile(
    r"""^[ \t]*(?:import|export)\b[^'";]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']|^[ \t]*import\s*["'](\.{1,2}/[^"']+)["']""",
    re.MULTILINE,
)


def imports_of(url: str, static_dir: Path = STATIC_DIR) -> list[str]:
    """The URLs a module at `url` (`/static/js/…`) imports statically, in the order it names them."""
    path = static_dir / url.removeprefix(STATIC_URL)
    folder = posixpath.dirname(url)
    return [
        posixpath.normpath(posixpath.join(folder, named or bare))
        for named, bare in _STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))
    ]


@functools.cache
def module_graph(entry: str, static_dir: Path = STATIC_DIR) -> tuple[str, ...]:
    """Every module `entry` needs, the entry itself left out, each once, nearest first. The shipped files do not
    change while the server runs, so each entry's graph is read once."""
    found: list[str] = []
    queue = [entry]
    while queue:
        for url in imports_of(queue.pop(0), static_dir):
            if url != entry and url not in found:
                found.append(url)
                queue.append(url)
    return tuple(found)


@functools.cache
def page_preloads(entry: str, static_dir: Path = STATIC_DIR) -> tuple[str, ...]:
    """Every module a page whose entry is `entry` loads, each once: `FIRST_MODULE` and its imports, then the
    entry's imports (the entry itself left out)."""
    first = (FIRST_MODULE, *module_graph(FIRST_MODULE, static_dir))
    return (*first, *(url for url in module_graph(entry, static_dir) if url not in first))
