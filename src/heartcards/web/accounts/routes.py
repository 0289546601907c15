"""`/api/account/...`: the account, its passkeys, devices, link and recovery codes, export and erasure."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool

from heartcards.runtime.clock import utc_now
from heartcards.web.accounts.codes import link_qr_code
from heartcards.web.accounts.errors import NotSignedInError
from heartcards.web.accounts.models import (
    AccountDetails,
    AccountSummary,
    AssertionBody,
    CeremonyOptions,
    CodeBody,
    DeviceOut,
    LinkCode,
    NameBody,
    PasskeyOut,
    RecoveryCodes,
    Registered,
    RegistrationFinish,
    RegistrationStart,
)
from heartcards.web.accounts.passkeys import RelyingParty, relying_party
from heartcards.web.accounts.service import AccountService, Device, NewSession
from heartcards.web.accounts.sessions import SignedIn, clear_session_cookie, session_of, set_session_cookie
from heartcards.web.deps import ClientKey, ServicesDep, app_state, client_key
from heartcards.web.identity import PLAYER_COOKIE, PLAYER_STATE, set_identity_cookie, valid_player_id
from heartcards.web.places import waiting_elsewhere
from heartcards.web.reading import json_in_pieces

router = APIRouter(prefix="/api/account", tags=["account"])

_BROWSERS = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_label(user_agent: str) -> str:
    """ "Firefox · Android": the browser's and the system's names, which read alike in every language; enough to tell
    one's devices apart, nothing more of the User-Agent kept. Empty when neither is known: the page then says so in
    its reader's language."""
    browser = next((name for token, name in _BROWSERS if token in user_agent), None)
    system = next((name for token, name in _SYSTEMS if token in user_agent), None)
    return " · ".join(name for name in (browser, system) if name)


def _party(request: Request) -> RelyingParty:
    public_url: str | None = request.app.state.services.settings.public_url
    return relying_party(public_url, request)


def _device(request: Request) -> Device:
    signed_in = session_of(request, utc_now())
    guest = None if signed_in else valid_player_id(request.cookies.get(PLAYER_COOKIE))
    return Device(signed_in, guest, client_key(request), device_label(request.headers.get("user-agent", ""))[:80])


def _signed_in(request: Request) -> SignedIn:
    signed_in = session_of(request, utc_now())
    if signed_in is None:
        raise NotSignedInError()
    return signed_in


Accounts = Annotated[AccountService, Depends(app_state("accounts", AccountService))]
Current = Annotated[SignedIn, Depends(_signed_in)]
ThisDevice = Annotated[Device, Depends(_device)]
Party = Annotated[RelyingParty, Depends(_party)]


def _summary(accounts: AccountService, signed_in: SignedIn | None) -> AccountSummary:
    account = None if signed_in is None else accounts.repository.account(signed_in.account_id)
    if signed_in is None or account is None:
        return AccountSummary(signed_in=False, name=None, passkeys=0, devices=0)
    return AccountSummary(
        signed_in=True,
        name=account.name,
        passkeys=len(accounts.repository.passkeys(account.id)),
        devices=len(accounts.repository.sessions(account.id)),
    )


def _signed_in_answer(
    accounts: AccountService, session: NewSession, party: RelyingParty, response: Response
) -> AccountSummary:
    set_session_cookie(response, session.secret, party.secure)
    response.delete_cookie(PLAYER_COOKIE, path="/")  # the guest id's games now belong to the account
    set_identity_cookie(response, session.signed_in.player_id)
    return _summary(accounts, session.signed_in)


def _as_guest(request: Request, response: Response) -> None:
    """This device plays as its guest id from now on (made by `identity.PlayerIdentity` if it had none): the page is
    told that its player changed."""
    set_identity_cookie(response, getattr(request.state, PLAYER_STATE))


@router.get("")
async def account(request: Request, accounts: Accounts) -> AccountSummary:
    """Whether this device is signed in, and to what: `{"signed_in", "name", "passkeys", "devices"}`."""
    return _summary(accounts, session_of(request, utc_now()))


@router.get("/details")
async def details(signed_in: Current, accounts: Accounts) -> AccountDetails:
    """The account page's content: name, passkeys, devices signed in, recovery codes left."""
    account = accounts.repository.account(signed_in.account_id)
    if account is None:
        raise NotSignedInError()
    return AccountDetails(
        name=account.name,
        created_at=account.created_at,
        passkeys=[
            PasskeyOut(id=key.id, name=key.name, created_at=key.created_at, last_used_at=key.last_used_at)
            for key in accounts.repository.passkeys(account.id)
        ],
        devices=[
            DeviceOut(**asdict(session), current=session.id == signed_in.session_id)
            for session in accounts.repository.sessions(account.id)
        ],
        recovery_codes_left=accounts.repository.unused_recovery_codes(account.id),
    )


@router.patch("")
async def rename(body: NameBody, signed_in: Current, accounts: Accounts) -> AccountSummary:
    accounts.repository.rename(signed_in.account_id, body.name)
    return _summary(accounts, signed_in)


@router.post("/register/options")
async def registration_options(
    body: RegistrationStart, device: ThisDevice, party: Party, accounts: Accounts
) -> CeremonyOptions:
    """Options to create a passkey: a new account, or (signed in) another passkey for this account."""
    return CeremonyOptions(public_key=await accounts.registration_options(party, device, body.name))


@router.post("/register")
async def register(
    body: RegistrationFinish, device: ThisDevice, party: Party, accounts: Accounts, response: Response
) -> Registered:
    """Create the account (this device's games become its games) or add the passkey to the signed-in account."""
    async with waiting_elsewhere():  # a new account's ten codes are hashed in a thread
        session, codes = await accounts.register(party, device, body.credential, body.name)
    if session is None:
        return Registered(account=_summary(accounts, device.signed_in), recovery_codes=[])
    return Registered(account=_signed_in_answer(accounts, session, party, response), recovery_codes=codes)


@router.post("/sign-in/options")
async def sign_in_options(device: ThisDevice, party: Party, accounts: Accounts) -> CeremonyOptions:
    return CeremonyOptions(public_key=await accounts.sign_in_options(party, device))


@router.post("/sign-in")
async def sign_in(
    body: AssertionBody, device: ThisDevice, party: Party, accounts: Accounts, response: Response
) -> AccountSummary:
    """Sign this device in with a passkey; its guest games join the account."""
    return _signed_in_answer(accounts, await accounts.sign_in(party, device, body.credential), party, response)


@router.post("/link-codes/use")
async def use_link_code(
    body: CodeBody, device: ThisDevice, party: Party, accounts: Accounts, response: Response
) -> AccountSummary:
    """Sign this device in with a link code shown on a signed-in device."""
    return _signed_in_answer(accounts, await accounts.use_link_code(device, body.code), party, response)


@router.post("/recovery-codes/use")
async def use_recovery_code(
    body: CodeBody, device: ThisDevice, party: Party, accounts: Accounts, response: Response
) -> AccountSummary:
    """Sign this device in with a recovery code, which is used up."""
    async with waiting_elsewhere():  # the code's hash is checked in a thread
        session = await accounts.use_recovery_code(device, body.code)
    return _signed_in_answer(accounts, session, party, response)


@router.post("/link-codes")
async def new_link_code(signed_in: Current, party: Party, accounts: Accounts) -> LinkCode:
    """A one-time code (and a QR code of a link holding it) that signs another device in, for 10 minutes."""
    code, expires_at = await accounts.new_link_code(signed_in)
    url = f"{party.origin}/account?link={code}"
    qr = await run_in_threadpool(link_qr_code, url)  # some milliseconds of drawing, kept off the event loop
    return LinkCode(code=code, url=url, qr_svg=qr, expires_at=expires_at)


@router.post("/recovery-codes")
async def renew_recovery_codes(signed_in: Current, accounts: Accounts, client: ClientKey) -> RecoveryCodes:
    """Ten new recovery codes, shown only now; the old ones stop working."""
    async with waiting_elsewhere():  # ten codes hashed in a thread, in the client's line
        codes = await accounts.renew_recovery_codes(signed_in.account_id, client)
    return RecoveryCodes(codes=codes)


@router.delete("/passkeys/{credential_id}")
async def remove_passkey(credential_id: str, signed_in: Current, accounts: Accounts) -> AccountSummary:
    """Remove a passkey; the last one stays (409)."""
    accounts.remove_passkey(signed_in, credential_id[:400])
    return _summary(accounts, signed_in)


@router.post("/sign-out")
async def sign_out(
    request: Request, signed_in: Current, party: Party, accounts: Accounts, response: Response
) -> AccountSummary:
    """Sign this device out: it plays as a new guest from now on (the account keeps every game)."""
    accounts.sign_out(signed_in, [signed_in.session_id])
    clear_session_cookie(response, party.secure)
    _as_guest(request, response)
    return _summary(accounts, None)


@router.post("/devices/{session_id}/sign-out")
async def sign_out_device(
    session_id: str, request: Request, signed_in: Current, accounts: Accounts, response: Response
) -> AccountSummary:
    """Sign out another device of the account."""
    accounts.sign_out(signed_in, [session_id[:32]])
    if session_id != signed_in.session_id:
        return _summary(accounts, signed_in)
    _as_guest(request, response)
    return _summary(accounts, None)


@router.post("/devices/sign-out-others")
async def sign_out_others(signed_in: Current, accounts: Accounts) -> AccountSummary:
    accounts.sign_out_others(signed_in)
    return _summary(accounts, signed_in)


@router.get("/export", response_model=None, responses={200: {"content": {"application/json": {}}}})
async def export(signed_in: Current, accounts: Accounts, services: ServicesDep, client: ClientKey) -> Response:
    """Everything stored about this account, as one JSON file to download."""
    # every game the account ever played: read and written out on a reading thread
    async with accounts.counted_export(signed_in), waiting_elsewhere():
        body = await services.reading.read(client, _export_file, accounts, signed_in)
    disposition = f'attachment; filename="heartcards-{utc_now().date().isoformat()}.json"'
    headers = {"Content-Disposition": disposition, "Cache-Control": "no-store"}
    return Response(body, media_type="application/json", headers=headers)


def _export_file(accounts: AccountService, signed_in: SignedIn) -> bytes:
    """The export as JSON's bytes, written as every other answer is, a game at a time (megabytes for a player of
    years: one call of the encoder would hold the event loop for all of it)."""
    return json_in_pieces(accounts.export(signed_in))


@router.delete("")
async def delete_account(
    request: Request, signed_in: Current, party: Party, accounts: Accounts, response: Response
) -> AccountSummary:
    """Erase the account now: name, passkeys, sessions, codes and its own games; other people's tables keep their
    games with this seat nameless."""
    accounts.delete(signed_in)
    clear_session_cookie(response, party.secure)
    _as_guest(request, response)
    return _summary(accounts, None)
