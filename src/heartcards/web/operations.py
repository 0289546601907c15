"""What an operator and a load balancer ask a server: `/healthz`, `/readyz` and `/metrics`.

`/healthz` answers 200 while the process can answer at all. `/readyz` answers 200 only when each dependency the
server checks (the database; Redis when it runs with one) answers within `CHECK_SECONDS` and the server is not
draining, else 503 with what failed: a load balancer sends new players elsewhere. `/metrics` is Prometheus's text
format, and private: it answers loopback clients and the addresses of `Settings.metrics_addresses`, and 404 to
anyone else, as if it did not exist; a request that came through a proxy (with `X-Forwarded-For`) only when the
address the proxy forwarded may see it too, so a proxy on the server's own machine never shows it to the world.
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Final

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import text

from heartcards.runtime.clients import FORWARDED_HEADER
from heartcards.runtime.metrics import CONTENT_TYPE
from heartcards.web.deps import ServicesDep
from heartcards.web.errors import WebError
from heartcards.web.services import Services

CHECK_SECONDS: Final = 2.0
"""How long `/readyz` waits for one dependency before calling it unreachable."""

router = APIRouter(include_in_schema=False)


class NotHereError(WebError):
    """`/metrics` asked by a client it is not shown to."""

    status = 404
    key = "error.not_found"


def allowed_to_see_metrics(client: str | None, services: Services) -> bool:
    """Whether `client` (an IP address) may read `/metrics`: loopback, or inside one of the configured networks."""
    if client is None:
        return False
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    if address.is_loopback:
        return True
    return any(address in network for network in services.settings.metrics_networks)


async def database_reachable(services: Services) -> bool:
    """Whether the database answers `SELECT 1` within `CHECK_SECONDS`."""

    def select_one() -> None:
        with services.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        async with asyncio.timeout(CHECK_SECONDS):
            await asyncio.to_thread(select_one)
    except Exception:
        services.metrics.database_errors.inc()
        return False
    return True


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"ok": True})


@router.get("/readyz")
async def readyz(services: ServicesDep) -> JSONResponse:
    checks = {"database": await database_reachable(services)}
    for name, check in services.readiness_checks.items():
        checks[name] = await check()
    ready = all(checks.values()) and not services.draining
    body = {"ready": ready, "draining": services.draining, **checks}
    return JSONResponse(body, status_code=200 if ready else 503)


@router.get("/metrics")
async def metrics(request: Request, services: ServicesDep) -> Response:
    readers = [request.client.host if request.client else None]
    forwarded = request.headers.get(FORWARDED_HEADER)
    if forwarded:  # whoever wrote it: on this side a header can only refuse, since the peer must be allowed too
        readers.append(forwarded.rsplit(",", 1)[-1].strip())
    if not all(allowed_to_see_metrics(reader, services) for reader in readers):
        raise NotHereError()
    return Response(services.metrics.text(), media_type=CONTENT_TYPE)
