"""WebAuthn through py_webauthn: the options a browser is given, and the checks of what its authenticator answers.

The relying party (origin and RP id) comes from the `--public-url` setting; without one, the server is taken to be
used on this machine: origin `http://localhost:PORT` (the port the request came in on) and RP id `localhost`, which
browsers treat as a secure context. An answer signed for any other origin or RP id is refused.
"""

from __future__ import annotations

import base64
import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from heartcards.web.accounts.errors import PasskeyRefusedError

RP_NAME = "Heart Cards"
TIMEOUT_MS = 300_000


@dataclass(frozen=True, slots=True)
class RelyingParty:
    origin: str
    rp_id: str

    @property
    def secure(self) -> bool:
        """Served over HTTPS: cookies get `Secure`."""
        return self.origin.startswith("https://")


def relying_party(public_url: str | None, connection: HTTPConnection) -> RelyingParty:
    if public_url:
        parts = urlsplit(public_url)
        return RelyingParty(f"{parts.scheme}://{parts.netloc}".lower(), (parts.hostname or "").lower())
    server = connection.scope.get("server")
    port = server[1] if server and server[1] else 80
    return RelyingParty(f"http://localhost:{port}" if port != 80 else "http://localhost", "localhost")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_bytes(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def registration_options(
    party: RelyingParty, challenge: bytes, user_id: bytes, name: str, existing: list[str]
) -> dict[str, Any]:
    """Creation options for a discoverable passkey (so signing in needs no name typed)."""
    options = generate_registration_options(
        rp_id=party.rp_id,
        rp_name=RP_NAME,
        user_id=user_id,
        user_name=name,
        user_display_name=name,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=b64url_bytes(known)) for known in existing],
    )
    loaded: dict[str, Any] = json.loads(options_to_json(options))
    return loaded


def authentication_options(party: RelyingParty, challenge: bytes) -> dict[str, Any]:
    options = generate_authentication_options(
        rp_id=party.rp_id,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    loaded: dict[str, Any] = json.loads(options_to_json(options))
    return loaded


@contextlib.contextmanager
def _refused_unless_valid() -> Iterator[None]:
    """What the browser sent that does not parse or does not verify is a `PasskeyRefusedError` (a 4xx), never a 500."""
    try:
        yield
    except (WebAuthnException, KeyError, TypeError, ValueError) as error:
        raise PasskeyRefusedError() from error


def answered_challenge(credential: dict[str, Any]) -> str:
    """The challenge the authenticator signed (from its client data), to find the ceremony it answers."""
    with _refused_unless_valid():
        client_data = json.loads(b64url_bytes(str(credential["response"]["clientDataJSON"])))
        challenge = client_data["challenge"]
    if not isinstance(challenge, str) or not 0 < len(challenge) <= 100:
        raise PasskeyRefusedError()
    return challenge


def credential_id(credential: dict[str, Any]) -> str:
    value = credential.get("id")
    if not isinstance(value, str) or not 0 < len(value) <= 400:
        raise PasskeyRefusedError()
    return value


@dataclass(frozen=True, slots=True)
class NewPasskey:
    id: str
    public_key: bytes
    sign_count: int


def _expected(party: RelyingParty, challenge: str) -> dict[str, Any]:
    """What every ceremony's answer must show: our challenge, signed for this site's RP id from its origin."""
    return {
        "expected_challenge": b64url_bytes(challenge),
        "expected_rp_id": party.rp_id,
        "expected_origin": party.origin,
    }


def verify_registration(party: RelyingParty, credential: dict[str, Any], challenge: str) -> NewPasskey:
    with _refused_unless_valid():
        verified = verify_registration_response(credential=credential, **_expected(party, challenge))
    return NewPasskey(b64url(verified.credential_id), verified.credential_public_key, verified.sign_count)


def verify_assertion(
    party: RelyingParty, credential: dict[str, Any], challenge: str, public_key: bytes, sign_count: int
) -> int:
    """The authenticator's new signature counter, once the assertion is checked (origin, RP id, challenge,
    signature, a counter that went up)."""
    with _refused_unless_valid():
        verified = verify_authentication_response(
            credential=credential,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
            **_expected(party, challenge),
        )
    return verified.new_sign_count
