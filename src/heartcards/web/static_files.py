"""The front end's static files (scripts, styles, icons) answered from memory.

They ship inside the package and do not change while the server runs, so they are read once a process, each with
its headers (`static_folder`, which the service worker's version digests too: one reading serves both). A page load
asks for some forty; Starlette's `StaticFiles` looked each up, opened and read it in worker threads, which cost the
server more than the rest of the load (docs/figures.md). The answers are those it gave: GET and HEAD, `ETag` and
`Last-Modified` with 304 to a revalidation, the path normalised (`a/../b`), 404 and 405 through the app's error
handlers; no byte ranges, which only media files need.
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
from calendar import timegm
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import formatdate, parsedate
from functools import cache
from pathlib import Path
from types import MappingProxyType

from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketClose

NOT_MODIFIED_HEADERS = (b"etag", b"last-modified")
"""What a 304 repeats of the file's headers."""


@dataclass(frozen=True, slots=True)
class StaticFile:
    body: bytes
    headers: list[tuple[bytes, bytes]]
    etag: str
    """Quoted, as sent."""
    modified: float
    """Seconds since the epoch, to the second, as `Last-Modified` says it."""


def read_static_file(path: Path) -> StaticFile:
    body = path.read_bytes()
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if media_type.startswith("text/"):
        media_type += "; charset=utf-8"
    modified = float(int(path.stat().st_mtime))
    etag = f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"'
    headers = [
        (b"content-type", media_type.encode("latin-1")),
        (b"content-length", str(len(body)).encode("latin-1")),
        (b"etag", etag.encode("latin-1")),
        (b"last-modified", formatdate(modified, usegmt=True).encode("latin-1")),
    ]
    return StaticFile(body, headers, etag, modified)


def not_modified(file: StaticFile, scope: Scope) -> bool:
    """Whether the request revalidates the copy it has: `If-None-Match` naming the file's ETag, or else
    `If-Modified-Since` no earlier than its last change."""
    headers = dict(scope["headers"])
    if_none_match = headers.get(b"if-none-match")
    if if_none_match is not None:
        return file.etag in (tag.strip(" W/") for tag in if_none_match.decode("latin-1").split(","))
    if_modified_since = headers.get(b"if-modified-since")
    if if_modified_since is None:
        return False
    parsed = parsedate(if_modified_since.decode("latin-1"))
    if parsed is None:
        return False
    return timegm(parsed) >= file.modified


@cache
def static_folder(directory: Path) -> Mapping[str, StaticFile]:
    """`directory`'s files by their path in it ("js/h2h/cards.js"), in sorted order, read once a process."""
    return MappingProxyType(
        {
            path.relative_to(directory).as_posix(): read_static_file(path)
            for path in sorted(directory.rglob("*"))
            if path.is_file()
        }
    )


class StaticFilesInMemory:
    """An ASGI app for `directory`'s files, mounted under a prefix."""

    def __init__(self, directory: Path) -> None:
        self.files = static_folder(directory)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # a socket opened here is closed, as Starlette's own static files do
            await WebSocketClose()(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(status_code=405, headers={"Allow": "GET, HEAD"})
        file = self.files.get(_route_path(scope))
        if file is None:
            raise HTTPException(status_code=404)
        if not_modified(file, scope):
            headers = [(name, value) for name, value in file.headers if name in NOT_MODIFIED_HEADERS]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": file.headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else file.body})


def _route_path(scope: Scope) -> str:
    """The file's path under the mount, normalised as a file system would ("a/./b/../c" is "a/c")."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    return posixpath.normpath(path.lstrip("/"))
