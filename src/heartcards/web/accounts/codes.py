"""Link codes and recovery codes: how they are made, read back from what a person typed, and stored.

Both use 32 characters that cannot be mistaken for one another (no I, O, 0 or 1). A link code is 8 of them (40 bits,
one-time, minutes long, attempts rate-limited), kept as a SHA-256. A recovery code is 16 (80 bits), shown as four
groups; its first group is a public lookup that finds the stored code, whose argon2 hash the whole code must match.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

import segno
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

ALPHABET: Final = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LINK_CODE_LENGTH: Final = 8
RECOVERY_CODE_LENGTH: Final = 16
RECOVERY_LOOKUP_LENGTH: Final = 4
RECOVERY_CODE_COUNT: Final = 10
HASHER: Final = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
"""argon2id at OWASP's smallest recommended cost (19 MiB, two passes): slow to guess, quick enough to check."""
_DUMMY_HASH: Final = HASHER.hash("not a recovery code")


def _random_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalize_code(text: str, length: int) -> str | None:
    """The code typed as `text` (any case, with spaces or dashes), or None when it cannot be such a code."""
    code = "".join(character for character in text.upper() if character not in " -\t")
    return code if len(code) == length and all(character in ALPHABET for character in code) else None


def new_link_code() -> str:
    return _random_code(LINK_CODE_LENGTH)


def link_code_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def link_qr_code(url: str) -> str:
    """A QR code of `url` (the link that carries a link code), as an SVG data URI in the site's green."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#184a35", light="#ffffff"))


def new_recovery_codes() -> list[str]:
    return [_random_code(RECOVERY_CODE_LENGTH) for _ in range(RECOVERY_CODE_COUNT)]


def shown_recovery_code(code: str) -> str:
    """`ABCDEFGH…` as the person sees it: `ABCD-EFGH-…`."""
    return "-".join(code[start : start + 4] for start in range(0, len(code), 4))


def recovery_lookup(code: str) -> str:
    return code[:RECOVERY_LOOKUP_LENGTH]


def hash_recovery_code(code: str) -> str:
    return HASHER.hash(code)


def recovery_code_matches(code: str, code_hash: str | None) -> bool:
    """Whether `code` is the one hashed as `code_hash`; with None, a check against nothing that takes as long, so
    an unknown lookup answers in the same time as a wrong code."""
    try:
        return HASHER.verify(code_hash or _DUMMY_HASH, code) and code_hash is not None
    except (VerificationError, InvalidHashError):
        return False
