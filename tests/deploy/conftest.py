"""Fixtures for the deployment's tests: the session's Redis (PostgreSQL comes from the suite's conftest)."""

from __future__ import annotations

from tests.redis_server import redis_server  # noqa: F401
