"""No import circle inside `heartcards`: a module never imports, directly or through others, a module that imports
it back (lazy imports inside functions count too). A circle means a helper lives in the wrong module."""

from __future__ import annotations

import grimp
from grimp import ImportGraph


def circles(graph: ImportGraph) -> set[tuple[str, ...]]:
    """Every import circle of the graph, each once, as the modules along it starting from its smallest name."""
    found = set()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                circle = (importer, *back[:-1])
                start = circle.index(min(circle))
                found.add(circle[start:] + circle[:start])
    return found


def test_circles_are_found() -> None:
    graph = ImportGraph()
    for importer, imported in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d"), ("p.e", "p.e2")]:
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph) == {("p.a", "p.b", "p.c")}


def test_heartcards_has_no_import_circle() -> None:
    graph = grimp.build_graph("heartcards", cache_dir=None)
    assert len(graph.modules) > 100
    assert circles(graph) == set()
