# Sourced by scripts/app and scripts/test: makes sure uv is there and the locked environment is installed.
export UV_PYTHON_DOWNLOADS=never
if ! command -v uv >/dev/null 2>&1; then
    python3 -m pip install --quiet uv
    uv() { python3 -m uv "$@"; }
fi
uv sync --frozen --quiet
uv run --frozen python scripts/build_native.py  # the solver's compiled core (pure Python when it cannot build)
