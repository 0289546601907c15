"""The base of every error the project's edges translate: a message `key` and the `params` that fill it in.

The engines raise `KeyedError` subclasses (`HeartToHeartError`, `HeartsError`), the Hearts tables theirs
(`TableError`) and the web layer its own (`WebError`); the edges (the web app's one error handler, the Hearts socket,
the CLI) turn any of them into a sentence in the user's language without knowing which part raised it. The `str()`
of the error is an English sentence that quotes the bad input where one was given, for logs and the command line.
"""

from __future__ import annotations


class KeyedError(ValueError):
    """A `ValueError` with a translation key and its parameters (plain values: text, numbers, booleans)."""

    key: str = "error.bad_request"
    """The message's key in the catalogs (`h2h.error.deal_code`); subclasses set their own."""

    retry_after: int | None = None
    """Seconds after which asking again may succeed (a limit's refusal, sent as `Retry-After`); None when it would
    not."""

    def __init__(self, message: str | None = None, **params: object) -> None:
        super().__init__(f"{self.key} {params}" if message is None else message)
        self.params: dict[str, object] = params
