"""Cluster addresses: `local:N` for a local cluster of N worker processes, anything else a Dask scheduler's address.

Kept apart from the runner so that a bad address is refused before Dask (a slow import) is loaded at all.
"""

from __future__ import annotations

import re

LOCAL_ADDRESS = re.compile(r"local:(\d+)")
MAX_LOCAL_WORKERS = 256


class ClusterError(ValueError):
    """A cluster that cannot be used: a malformed address, an unreachable scheduler, no workers."""


def local_workers(address: str) -> int | None:
    """N for an address `local:N` (a local cluster of N worker processes), None for a scheduler's address."""
    match = LOCAL_ADDRESS.fullmatch(address.strip())
    if match is None:
        if address.strip().startswith("local"):
            raise ClusterError(f"{address!r} is not a local cluster: write local:N, N workers from 1")
        return None
    workers = int(match.group(1))
    if not 1 <= workers <= MAX_LOCAL_WORKERS:
        raise ClusterError(f"{address!r} asks for {workers} local workers: from 1 to {MAX_LOCAL_WORKERS}")
    return workers
