"""Security headers on every answer, and no state change or new identity on behalf of another site.

A pure ASGI middleware (`SecurityMiddleware`), installed once in the app:

- Every HTTP answer gets a Content-Security-Policy without inline script (the pages load their modules from
  `/static`; inline style stays allowed for the SVG hearts), `frame-ancestors 'none'` (no clickjacking in a frame),
  `X-Content-Type-Options: nosniff`, a same-origin `Referrer-Policy` (a table's link is its invitation: it must not
  leak to another site) and a same-origin opener policy.
- A request that changes state (any method but GET, HEAD, OPTIONS) from another site is refused with a translated
  403: the browser says where a request comes from in `Sec-Fetch-Site` (only `same-origin` and `none`, typed by the
  person, pass; a page on another port of the same host is `same-site`, and refused too) or, for older browsers, in
  `Origin` (its host must be the request's `Host`). Programs that send neither (tests, scripts) are not browsers
  acting for a visitor, and pass.
- The identity cookies (`hc_player`, `hc_session` of a signed-in device, `hc_identity`) are never set on an answer
  to a request that did not come from the app's own pages: another site could otherwise make a visitor's browser
  drop their statistics and running game for a new identity. They are `SameSite=Lax`: sent when a person follows a
  link to the app (so a shared table link keeps their identity), never on another site's form posts or embedded
  requests.
- A WebSocket handshake from another site's page (its `Origin` host is not the request's `Host`) is refused.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.web.errors import WebError, error_response

CONTENT_SECURITY_POLICY: Final = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS: Final = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "same-origin"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
)
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
FROM_THE_APP: Final = frozenset({"same-origin", "none"})
"""`Sec-Fetch-Site` values of requests made by the app's own pages (or typed by the person)."""
IDENTITY_COOKIES: Final = frozenset({b"hc_player", b"hc_session", b"hc_identity"})
"""The cookies that say who the visitor is: the guest's player id, a signed-in device's session, and the digest of
the player id that the pages read."""


class CrossSiteError(WebError):
    """A state change asked by another site's page."""

    status = 403
    key = "error.cross_site"


def _same_host(origin: str, host: str | None) -> bool:
    if host is None or origin == "null":
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


def from_the_app(headers: Headers) -> bool:
    """Whether a request came from the app's own pages (or from a program that is not a browser)."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site in FROM_THE_APP
    origin = headers.get("origin")
    return origin is None or _same_host(origin, headers.get("host"))


class SecurityMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not _same_host(origin, headers.get("host")):
                await send({"type": "websocket.close", "code": 4403})  # before accepting: a 403 handshake
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        own = from_the_app(headers)
        if not own and scope["method"] not in SAFE_METHODS:
            error = CrossSiteError()
            response = error_response(Request(scope), error.status, error.key, error.params)
            await self._secured(send, own)(
                {"type": "http.response.start", "status": response.status_code, "headers": response.raw_headers}
            )
            await send({"type": "http.response.body", "body": response.body})
            return
        await self.app(scope, receive, self._secured(send, own))

    @staticmethod
    def _secured(send: Send, own: bool) -> Send:
        async def secured_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    if name not in headers:
                        headers[name] = value
                if not own:
                    kept = [
                        (name, value)
                        for name, value in headers.raw
                        if not (name == b"set-cookie" and value.split(b"=", 1)[0].strip() in IDENTITY_COOKIES)
                    ]
                    headers.raw[:] = kept
            await send(message)

        return secured_send
