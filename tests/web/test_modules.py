"""The ES module graph behind the pages' `modulepreload` links: read from the import statements (known values on a
small tree), and on every real page each module the entry and the identity check need is preloaded once, exists, and
no template lists its own; the identity check runs before the entry."""

from __future__ import annotations

import re
from pathlib import Path

from heartcards.web.modules import FIRST_MODULE, imports_of, module_graph
from heartcards.web.paths import PAGES_DIR, STATIC_DIR
from tests.web.conftest import REAL_PAGES, AppMaker

MODULE_SCRIPT = re.compile(r'<script type="module" src="(/static/[^"]+\.js)"></script>')


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / "js" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def test_the_graph_follows_static_imports_only(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "main.js": (
                'import { a } from "./a.js";\n'
                "import {\n  b,\n  c,\n} from './b.js';\n"
                'import "./side.js";\n'
                'export { d } from "./game/d.js";\n'
                'const later = () => import("./lazy.js");\n'
                '// a comment: import { x } from "./not-an-import.js";\n'
            ),
            "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
            "b.js": 'import { main } from "./main.js";\nexport const b = 2, c = 3;\n',
            "side.js": "",
            "game/d.js": 'import { a } from "../a.js";\nexport const d = 4;\n',
            "lazy.js": "",
        },
    )
    assert imports_of("/static/js/game/d.js", static) == ["/static/js/a.js"]
    assert module_graph("/static/js/main.js", static) == (
        "/static/js/a.js",
        "/static/js/b.js",
        "/static/js/side.js",
        "/static/js/game/d.js",
    )  # each once, the entry (imported back by b.js) left out, the dynamic import left to load when it runs


def test_every_page_preloads_each_module_its_entry_needs_once(app_maker: AppMaker) -> None:
    client = app_maker.client(app_maker.new_app())
    for path in REAL_PAGES:
        html = client.get(path).text
        first, entry = MODULE_SCRIPT.finditer(html)
        assert first.group(1) == FIRST_MODULE, path
        preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
        needed = {FIRST_MODULE, *module_graph(FIRST_MODULE), *module_graph(entry.group(1))}
        assert len(preloaded) == len(set(preloaded)) and set(preloaded) == needed and len(preloaded) >= 5, path
        assert html.index('rel="modulepreload"') < first.start(), path
        for url in preloaded:
            assert client.get(url).status_code == 200, (path, url)
    for template in PAGES_DIR.rglob("*.html"):
        assert 'rel="modulepreload" href="/' not in template.read_text(encoding="utf-8"), template.name  # one source


def test_a_shared_module_imports_no_games_and_a_game_none_of_the_others() -> None:
    """`js/common/` serves both games, so it imports from neither; Heart to Heart's, Hearts' and the account page's
    modules import only their own and the shared ones."""
    allowed = {
        "common": {"common"},
        "h2h": {"h2h", "common"},
        "hearts": {"hearts", "common"},
        "account": {"account", "common"},
    }
    scripts = STATIC_DIR / "js"
    for part, parts in allowed.items():
        for path in sorted((scripts / part).rglob("*.js")):
            url = "/static/js/" + path.relative_to(scripts).as_posix()
            for imported in imports_of(url):
                target = imported.removeprefix("/static/js/")
                assert any(target == own or target.startswith(f"{own}/") for own in parts), (url, imported)
