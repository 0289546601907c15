"""Mutation testing of the engines, the shared card code and the solver: how many small bugs do the tests catch?

    uv run python benchmarks/mutation.py                              # every mutant of the four packages
    uv run python benchmarks/mutation.py --sample 200 --package hearts/engine
    uv run python benchmarks/mutation.py --list --package heart_to_heart/engine   # the mutants, without running
    uv run python benchmarks/mutation.py --commit HEAD --package cards   # a commit's sources and tests
    uv run python benchmarks/mutation.py --package hearts/engine --only Game.from_dict --only popcount   # two of them

A mutant is one small change inside one function or method: a comparison operator swapped (`<` / `<=`, `==` / `!=`,
`in` / `not in`, `is` / `is not`), an arithmetic or bit operator swapped (`+` / `-`, `&` / `|`, `<<` / `>>`, …),
`and` / `or` swapped, a `not` dropped, an integer constant plus one, `True` / `False` swapped, or a statement
(call, assignment, `raise`, `break`, `continue`) removed. It is killed when the package's tests fail (or run over
the time limit) with it in place, and survives when they pass. Module-level code (tables, constants) is not mutated.

How it runs, and why so: the package is imported once from a temporary copy of `src/` and `tests/` (as the working
tree has them, or as `--commit REV` does: then the score belongs to that commit, whatever is being edited meanwhile)
without the compiled (mypyc) `.so` files, so every module runs as the Python source being mutated. Each mutant then
runs in a forked child that swaps the mutated function's code object in (`function.__code__`) and runs the package's
tests with pytest in that same process: no start-up, no import, and no file of the repository is ever changed. A
function the module calls while it is imported (a table builder) is mutated in a second copy of the file and tested
in a fresh process.
Hypothesis runs derandomized and without its example database in the forked children, so a run is repeatable.

Prints the share of mutants killed per package and every survivor, then one JSON line (`benchmarks/record.py`).
Mutants known to be equivalent (no test can tell them from the original) are listed in EQUIVALENT with the reason,
and left out of the score; a listed label that no longer names a mutant (the source moved) is printed and kept in
the line as `stale_equivalent`, so its entry can be brought up to date.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import os
import random
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any

from record import record_run

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Package:
    """A package to mutate (relative to src/heartcards) and the tests that should catch its mutants."""

    name: str
    tests: tuple[str, ...]


SOLVER_TESTS = ("test_solve.py", "test_independent.py", "test_deals.py", "test_daily.py")
PACKAGES: tuple[Package, ...] = (
    Package("cards", ("tests/cards",)),
    Package("heart_to_heart/engine", ("tests/heart_to_heart/engine",)),
    Package("hearts/engine", ("tests/hearts/engine",)),
    Package("heart_to_heart/solver", tuple(f"tests/heart_to_heart/solver/{name}" for name in SOLVER_TESTS)),
)
"""The solver's test_native.py is left out: it compares compiled and pure Python, the same code here."""

EQUIVALENT: dict[str, str] = {
    "cards/shuffling.py:30:8 fast_shuffle: remove `shuffle_halves(seed, deck)`": (
        "that branch runs only where the module is compiled, never in this pure-Python run (the tests of the cards "
        "call shuffle_halves itself)"
    ),
    "heart_to_heart/engine/reach.py:105:12 hopeless: remove `continue`": "a rank with no card left passes both checks",
    "heart_to_heart/engine/reach.py:108:18 hopeless: `2` -> `3`": (
        "it weakens the parity check, which the pairing check after it implies (pairable(cards) <= len(cards) // 2)"
    ),
    "hearts/engine/cards.py:62:13 popcount: `>>` -> `<<`": (
        "the low byte then sums the counts of bytes 0 to 6 rather than 0 to 7, and below 2**56 (its domain: a deck has "
        "52 cards) byte 7 is empty"
    ),
    "hearts/engine/game.py:81:16 _identity_slots: `1` -> `2`": "a larger table, still one slot per card",
    "hearts/engine/game.py:82:14 _identity_slots: `1` -> `2`": "any negative value marks a free slot",
    "hearts/engine/game.py:141:8 Game.__init__: remove `self.deal_number = 0`": (
        "_start_deal sets the deal number before anything reads it"
    ),
    "hearts/engine/game.py:141:27 Game.__init__: `0` -> `1`": (
        "_start_deal sets the deal number before anything reads it"
    ),
    "hearts/engine/game.py:153:33 Game._start_deal: `0` -> `1`": "`taken` starts with the 2♣: it has no points",
    "hearts/engine/game.py:153:36 Game._start_deal: `0` -> `1`": "`taken` starts with the 2♣: it has no points",
    "hearts/engine/game.py:153:39 Game._start_deal: `0` -> `1`": "`taken` starts with the 2♣: it has no points",
    "hearts/engine/game.py:153:42 Game._start_deal: `0` -> `1`": "`taken` starts with the 2♣: it has no points",
    "hearts/engine/game.py:156:8 Game._start_deal: remove `self.trick_leader = 0`": (
        "_start_play sets the leader before anything reads it"
    ),
    "hearts/engine/game.py:156:28 Game._start_deal: `0` -> `1`": "_start_play sets the leader before anything reads it",
    "hearts/engine/game.py:199:25 Game._exchange: `0` -> `1`": "at the exchange every seat has passed: no None",
    "hearts/engine/game.py:213:67 Game.led_suit: `1` -> `2`": "callers only ask whether the led suit is negative",
    "hearts/engine/game.py:233:74 Game.apply_play: `1` -> `2`": "in the play phase `turn` is never None",
    "hearts/engine/game.py:298:16 Game._score_deal: remove `break`": (
        "one seat alone can have taken the Q♠: going on finds no other"
    ),
    "hearts/engine/rules.py:100:33 trick_winner_offset: `>` -> `>=`": (
        "the four cards of a trick are different: none equals the best so far"
    ),
    "heart_to_heart/engine/game.py:327:11 _pair_move: `and` -> `or`": "an assert for the type checker: both are ints",
}
"""Mutant label (file:line:column function: change) -> why no test can tell it from the original."""

SWAPPED_COMPARISONS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SWAPPED_OPERATORS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
}
REMOVABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.Raise, ast.Break, ast.Continue)
SKIPPED_FIELDS = {"annotation", "returns", "decorator_list", "type_comment", "type_params"}


@dataclass(frozen=True)
class Mutant:
    """One mutation: the file (relative to src/heartcards), its index among the file's mutants, where and what."""

    file: str
    index: int
    line: int
    column: int
    owner: str
    description: str

    @property
    def label(self) -> str:
        return f"{self.file}:{self.line}:{self.column} {self.owner}: {self.description}"


@dataclass
class _Option:
    line: int
    column: int
    owner: str
    description: str
    apply: Callable[[], None]


def _symbol(operator: ast.AST) -> str:
    symbols = {
        ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
        ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
        ast.FloorDiv: "//", ast.Mod: "%", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|",
        ast.BitXor: "^", ast.And: "and", ast.Or: "or",
    }  # fmt: skip
    return symbols[type(operator)]


class _Collector:
    """Every mutation of one parsed module, in a fixed order, each with a closure that applies it to that tree."""

    def __init__(self) -> None:
        self.options: list[_Option] = []

    def module(self, tree: ast.Module) -> list[_Option]:
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                self.function(statement, statement.name)
            elif isinstance(statement, ast.ClassDef):
                for member in statement.body:
                    if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef):
                        self.function(member, f"{statement.name}.{member.name}")
        return self.options

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, owner: str) -> None:
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        self.statements(node.body, len(node.body) - len(body), owner)
        # Default values are evaluated once, at import: a swapped code object would not change them.

    def statements(self, body: list[ast.stmt], start: int, owner: str) -> None:
        for at in range(start, len(body)):
            statement = body[at]
            if isinstance(statement, REMOVABLE):
                self.add(statement, owner, f"remove `{ast.unparse(statement).splitlines()[0]}`", _remove(body, at))
            self.visit(statement, owner)

    def visit(self, node: ast.AST, owner: str) -> None:
        self.own(node, owner)
        for field, value in ast.iter_fields(node):
            if field in SKIPPED_FIELDS or isinstance(node, ast.JoinedStr):
                continue
            if isinstance(value, list):
                if value and all(isinstance(item, ast.stmt) for item in value):
                    self.statements(value, 0, owner)
                    continue
                for at, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        self.drop_not(item, owner, lambda operand, value=value, at=at: value.__setitem__(at, operand))
                        self.visit(item, owner)
            elif isinstance(value, ast.AST):
                self.drop_not(value, owner, lambda operand, node=node, field=field: setattr(node, field, operand))
                self.visit(value, owner)

    def drop_not(self, node: ast.AST, owner: str, put: Callable[[ast.expr], None]) -> None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self.add(node, owner, f"`{ast.unparse(node)}` -> `{ast.unparse(node.operand)}`", lambda: put(node.operand))

    def own(self, node: ast.AST, owner: str) -> None:
        if isinstance(node, ast.Compare):
            for at, operator in enumerate(node.ops):
                swapped = SWAPPED_COMPARISONS[type(operator)]
                self.add(node, owner, f"`{_symbol(operator)}` -> `{_symbol(swapped())}`", _swap_comparison(node, at))
        elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in SWAPPED_OPERATORS:
            swapped_op = SWAPPED_OPERATORS[type(node.op)]()
            self.add(node, owner, f"`{_symbol(node.op)}` -> `{_symbol(swapped_op)}`", _set(node, "op", swapped_op))
        elif isinstance(node, ast.BoolOp):
            other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            self.add(node, owner, f"`{_symbol(node.op)}` -> `{_symbol(other)}`", _set(node, "op", other))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            self.add(node, owner, f"`{node.value}` -> `{not node.value}`", _set(node, "value", not node.value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, int):
            self.add(node, owner, f"`{node.value}` -> `{node.value + 1}`", _set(node, "value", node.value + 1))

    def add(self, node: ast.AST, owner: str, description: str, apply: Callable[[], None]) -> None:
        self.options.append(
            _Option(getattr(node, "lineno", 0), getattr(node, "col_offset", 0), owner, description, apply)
        )


def _remove(body: list[ast.stmt], at: int) -> Callable[[], None]:
    def apply() -> None:
        body[at] = ast.copy_location(ast.Pass(), body[at])

    return apply


def _swap_comparison(node: ast.Compare, at: int) -> Callable[[], None]:
    def apply() -> None:
        node.ops[at] = SWAPPED_COMPARISONS[type(node.ops[at])]()

    return apply


def _set(node: ast.AST, field: str, value: object) -> Callable[[], None]:
    return lambda: setattr(node, field, value)


def package_files(package: Package, base: Path = ROOT) -> list[Path]:
    """The package's modules under `base` (the repository, or the copy a run mutates)."""
    return sorted((base / "src" / "heartcards" / package.name).glob("*.py"))


def mutants_of(path: Path, base: Path = ROOT) -> list[Mutant]:
    relative = str(path.relative_to(base / "src" / "heartcards"))
    options = _Collector().module(ast.parse(path.read_text(), str(path)))
    return [
        Mutant(relative, at, option.line, option.column, option.owner, option.description)
        for at, option in enumerate(options)
    ]


def mutated_tree(path: Path, mutant: Mutant) -> ast.Module:
    tree = ast.parse(path.read_text(), str(path))
    _Collector().module(tree)[mutant.index].apply()
    return ast.fix_missing_locations(tree)


def import_time_functions(path: Path) -> set[str]:
    """Functions the module calls while it is imported (to build its tables): swapping their code afterwards would
    change nothing, so their mutants run in a fresh process over a mutated copy of the file."""
    called: set[str] = set()
    for statement in ast.parse(path.read_text()).body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Import | ast.ImportFrom):
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                called.add(node.func.id)
    return called


def mutated_code(path: Path, mutant: Mutant) -> CodeType:
    """The code object of the mutant's function (or method) compiled from the mutated module."""
    module_code = compile(mutated_tree(path, mutant), str(path), "exec")
    for code in _code_objects(module_code):
        if code.co_qualname == mutant.owner:
            return code
    raise LookupError(f"no code object {mutant.owner} in {path}")


def _code_objects(code: CodeType) -> Iterator[CodeType]:
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield constant
            yield from _code_objects(constant)


def live_function(module: ModuleType, owner: str, first_line: int) -> FunctionType:
    """The function object the running program calls for `owner` (a function, method, property accessor, …)."""
    target: Any = module
    for part in owner.split("."):
        target = vars(target)[part]
    candidates: list[Any] = [target]
    if isinstance(target, property):
        candidates = [target.fget, target.fset, target.fdel]
    elif isinstance(target, staticmethod | classmethod):
        candidates = [target.__func__]
    for candidate in candidates:
        function = getattr(candidate, "__wrapped__", candidate)
        if isinstance(function, FunctionType) and function.__code__.co_firstlineno == first_line:
            return function
    raise LookupError(f"no live function {owner} at line {first_line}")


def pure_python_copy(commit: str | None) -> Path:
    """A temporary copy of the sources and the tests (src/, tests/, pyproject.toml) without compiled extension
    modules or bytecode caches: as the working tree has them, or as `commit` does. A run reads only this copy, so
    files edited while it runs change nothing; a second copy of src/ (fresh/src) takes mutated files."""
    folder = Path(tempfile.mkdtemp(prefix="heartcards-mutation-"))
    if commit is None:
        ignored = shutil.ignore_patterns("*.so", "__pycache__", ".mypy_cache", ".hypothesis")
        for name in ("src", "tests"):
            shutil.copytree(ROOT / name, folder / name, ignore=ignored)
        shutil.copy2(ROOT / "pyproject.toml", folder)
    else:
        archive = subprocess.run(
            ["git", "archive", commit, "src", "tests", "pyproject.toml"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
    shutil.copytree(folder / "src", folder / "fresh" / "src")
    return folder


def run_tests(tests: tuple[str, ...], mutant: tuple[FunctionType, CodeType] | None, limit: float) -> str:
    """Run `tests` in a forked child with the mutant's code swapped in: "passed", "failed" or "timeout"."""
    child = os.fork()
    if child == 0:  # the child: patch, test, report by exit status, never return
        status = 3
        try:
            if mutant is not None:
                mutant[0].__code__ = mutant[1]
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            import pytest

            arguments = ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-profile", "mutation", *tests]
            status = 0 if pytest.main(arguments) == 0 else 1
        finally:
            os._exit(status)
    deadline = time.monotonic() + limit
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return "passed" if os.waitstatus_to_exitcode(status) == 0 else "failed"
        if time.monotonic() > deadline:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            return "timeout"
        time.sleep(0.02)


def run_tests_afresh(tests: tuple[str, ...], copy: Path, mutant: Mutant, limit: float) -> str:
    """Run `tests` in a new Python process over a second copy of the sources holding the mutated file."""
    path = copy / "fresh" / "src" / "heartcards" / mutant.file
    original = path.read_text()
    path.write_text(ast.unparse(mutated_tree(path, mutant)))
    environment = {**os.environ, "PYTHONPATH": f"{copy / 'fresh' / 'src'}:{copy}", "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd=copy,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=limit + 30,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        path.write_text(original)
    return "passed" if result.returncode == 0 else "failed"


def prepare(copy: Path, packages: list[Package]) -> None:
    """Import the pure-Python copy and its tests once, so that every forked child starts warm."""
    sys.path.insert(0, str(copy / "src"))
    sys.path.insert(0, str(copy))
    os.chdir(copy)
    import heartcards

    if not str(heartcards.__file__).startswith(str(copy)):
        raise SystemExit(f"heartcards was imported from {heartcards.__file__}, not the pure-Python copy")
    from hypothesis import settings

    settings.register_profile("mutation", deadline=None, database=None, derandomize=True)
    import pytest

    tests = sorted({test for package in packages for test in package.tests})
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *tests])
    for module in list(sys.modules.values()):
        if (
            getattr(module, "__file__", None)
            and str(module.__file__).endswith(".so")
            and "heartcards" in module.__name__
        ):
            raise SystemExit(f"a compiled module was loaded: {module.__file__}")


def chosen(mutant: Mutant, only: list[str] | None) -> bool:
    """Whether `--only` keeps the mutant: its label contains one of the texts (every mutant without `--only`)."""
    return only is None or any(text in mutant.label for text in only)


def mutate_package(
    package: Package, copy: Path, sample: int | None, seed: int, only: list[str] | None
) -> dict[str, Any]:
    import importlib

    mutants = [mutant for path in package_files(package, copy) for mutant in mutants_of(path, copy)]
    labels = {mutant.label for mutant in mutants}
    stale = sorted(label for label in EQUIVALENT if label.startswith(package.name + "/") and label not in labels)
    for label in stale:
        print(f"  listed as equivalent, but no such mutant (did the source move?): {label}", flush=True)
    mutants = [mutant for mutant in mutants if chosen(mutant, only)]
    if sample is not None and sample < len(mutants):
        mutants = sorted(random.Random(seed).sample(mutants, sample), key=lambda m: (m.file, m.index))
    started = time.monotonic()
    if run_tests(package.tests, None, 3600) != "passed":
        raise SystemExit(f"the tests of {package.name} fail without any mutant")
    baseline = time.monotonic() - started
    limit = max(30.0, 4 * baseline)
    print(f"{package.name}: {len(mutants)} mutants, tests {baseline:.1f} s each (limit {limit:.0f} s)", flush=True)
    outcomes: dict[str, list[Mutant]] = {"killed": [], "timeout": [], "survived": [], "equivalent": []}
    for done, mutant in enumerate(mutants, start=1):
        if done % 25 == 0:
            print(f"  {done}/{len(mutants)} mutants run, {time.monotonic() - started:.0f} s", flush=True)
        path = copy / "src" / "heartcards" / mutant.file
        if mutant.owner.split(".")[0] in import_time_functions(path):
            outcome = run_tests_afresh(package.tests, copy, mutant, limit)
        else:
            code = mutated_code(path, mutant)
            module_name = "heartcards." + mutant.file.removesuffix(".py").replace("/", ".")
            module = importlib.import_module(module_name)
            function = live_function(module, mutant.owner, code.co_firstlineno)
            outcome = run_tests(package.tests, (function, code), limit)
        if outcome == "passed":
            kind = "equivalent" if mutant.label in EQUIVALENT else "survived"
        else:
            kind = "killed" if outcome == "failed" else "timeout"
        outcomes[kind].append(mutant)
        if kind == "survived":
            print(f"  survived: {mutant.label}", flush=True)
    counted = len(mutants) - len(outcomes["equivalent"])
    caught = len(outcomes["killed"]) + len(outcomes["timeout"])
    share = caught / counted if counted else 1.0
    print(
        f"{package.name}: {caught}/{counted} killed = {100 * share:.1f} % "
        f"({len(outcomes['timeout'])} by time-out, {len(outcomes['equivalent'])} equivalent left out), "
        f"{time.monotonic() - started:.0f} s",
        flush=True,
    )
    return {
        "mutants": len(mutants),
        "killed": caught,
        "timeouts": len(outcomes["timeout"]),
        "equivalent": len(outcomes["equivalent"]),
        "survived": [mutant.label for mutant in outcomes["survived"]],
        "stale_equivalent": stale,
        "killed_share": round(share, 4),
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", action="append", choices=[package.name for package in PACKAGES])
    parser.add_argument("--sample", type=int, help="at most this many mutants per package, chosen at random")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed")
    parser.add_argument(
        "--only",
        action="append",
        help="only the mutants whose label (file:line owner: change) contains this text; repeat it for several",
    )
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without appending it")
    parser.add_argument("--commit", help="mutate this commit's sources and run its tests (default: the working tree)")
    options = parser.parse_args()
    packages = [package for package in PACKAGES if options.package is None or package.name in options.package]
    if options.list:
        for package in packages:
            for path in package_files(package):
                for mutant in mutants_of(path):
                    if chosen(mutant, options.only):
                        print(mutant.label)
        return
    os.nice(10)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))  # stopped: still remove the copy
    commit = None
    if options.commit is not None:
        commit = subprocess.run(
            ["git", "rev-parse", "--short=12", options.commit], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    copy = pure_python_copy(commit)
    try:
        prepare(copy, packages)
        figures = {
            "mutated": commit or "working tree",
            "sample": options.sample,
            "seed": options.seed,
            "only": options.only,
            "packages": {
                package.name: mutate_package(package, copy, options.sample, options.seed, options.only)
                for package in packages
            },
        }
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    record_run("mutation", figures, keep=not options.no_keep)


if __name__ == "__main__":
    main()
