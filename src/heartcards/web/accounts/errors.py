"""The accounts' web errors: a status and a message key (`account.error.*`, translated in `account_server.po`).

A refused code or passkey says the same whatever the reason (wrong, used, expired, no such account), so an answer
never tells whether an account exists.
"""

from __future__ import annotations

from heartcards.web.errors import WebError


class CodeRefusedError(WebError):
    status = 400
    key = "account.error.code_refused"


class PasskeyRefusedError(WebError):
    status = 400
    key = "account.error.passkey_refused"


class TooManyAttemptsError(WebError):
    status = 429
    key = "account.error.too_many_attempts"


class HashingBusyError(WebError):
    """The client's address has enough recovery-code hashing waiting already (new accounts, renewals, recoveries),
    or everyone's does: ask again in a moment."""

    status = 429
    key = "account.error.busy"
    retry_after = 5  # a job is some 300 ms: the line has room again soon


class NotSignedInError(WebError):
    status = 401
    key = "account.error.not_signed_in"


class LastPasskeyError(WebError):
    status = 409
    key = "account.error.last_passkey"


class TooManyPasskeysError(WebError):
    """The account holds as many passkeys as an account may (`service.PASSKEYS_PER_ACCOUNT`)."""

    status = 409
    key = "account.error.too_many_passkeys"


class PasskeyNotFoundError(WebError):
    status = 404
    key = "account.error.passkey_not_found"


class DeviceNotFoundError(WebError):
    status = 404
    key = "account.error.device_not_found"
