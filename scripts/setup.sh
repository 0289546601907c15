# Sourced by scripts/app and scripts/test: makes sure uv is there and the locked environment is installed, then
# compiles the native core. Needs no root: uv comes from PyPI into the user's Python when it is missing.
# `source scripts/setup.sh --no-native` skips the compile (scripts/test runs it beside the checks).
export UV_PYTHON_DOWNLOADS=never
if ! command -v uv >/dev/null 2>&1; then
    echo "Installing uv from PyPI…"
    python3 -m pip install --quiet uv 2>/dev/null || python3 -m pip install --quiet --user uv
    # Put the uv binary on PATH for this script and for the programs it starts (the tests build wheels with it).
    export PATH="$(dirname "$(python3 -c 'import uv; print(uv.find_uv_bin())')"):$PATH"
fi
uv sync --frozen --quiet
if [ "${1:-}" != "--no-native" ]; then
    uv run --frozen python scripts/build_native.py  # the compiled hot modules (pure Python when they cannot build)
fi
