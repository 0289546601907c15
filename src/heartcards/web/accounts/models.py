"""The accounts API's bodies and answers (Pydantic models, so `/openapi.json` is the contract)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from heartcards.web.names import display_name

AccountName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24), AfterValidator(display_name)
]
Credential = Annotated[dict[str, Any], Field(description="The browser's PublicKeyCredential as JSON (toJSON()).")]


class AccountSummary(BaseModel):
    signed_in: bool
    name: str | None
    passkeys: int
    devices: int


class PasskeyOut(BaseModel):
    id: str
    name: str
    created_at: datetime
    last_used_at: datetime | None


class DeviceOut(BaseModel):
    id: str
    label: str
    created_at: datetime
    last_seen_at: datetime
    current: bool


class AccountDetails(BaseModel):
    name: str
    created_at: datetime
    passkeys: list[PasskeyOut]
    devices: list[DeviceOut]
    recovery_codes_left: int


class NameBody(BaseModel):
    name: AccountName


class RegistrationStart(BaseModel):
    name: AccountName = "Player"


class CeremonyOptions(BaseModel):
    public_key: dict[str, Any] = Field(description="The WebAuthn options, in the JSON form of the W3C spec.")


class RegistrationFinish(BaseModel):
    credential: Credential
    name: AccountName = "Player"


class Registered(BaseModel):
    account: AccountSummary
    recovery_codes: list[str] = Field(description="Ten one-time codes, shown only now (empty for an added passkey).")


class AssertionBody(BaseModel):
    credential: Credential


class CodeBody(BaseModel):
    code: Annotated[str, StringConstraints(max_length=40)]


class LinkCode(BaseModel):
    code: str
    url: str
    qr_svg: str = Field(description="A QR code of `url`, as an SVG data URI.")
    expires_at: datetime


class RecoveryCodes(BaseModel):
    codes: list[str]
