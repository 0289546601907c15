"""The accounts API: guests first; creating an account keeps the device's games; other devices join by passkey, link
code or recovery code, their guest games merged in; sessions, export and erasure."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import httpx2
import pytest
import redis.asyncio
from sqlalchemy import func, select

from heartcards.heart_to_heart.engine import Deal, Game
from heartcards.runtime.clock import utc_now
from heartcards.runtime.counters import RedisCounters
from heartcards.storage.account_models import ACCOUNTS, LINK_CODES, PASSKEYS, RECOVERY, SESSIONS
from heartcards.storage.account_repository import AccountRepository
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.hearts_models import SEATS, TABLES
from heartcards.storage.hearts_repository import HeartsRepository, SeatRecord, TableRecord
from heartcards.storage.models import PLAYERS
from heartcards.web.accounts import codes, routes, service
from heartcards.web.accounts.errors import CodeRefusedError, HashingBusyError, TooManyAttemptsError
from heartcards.web.accounts.routes import device_label
from heartcards.web.accounts.service import AccountService, Device
from heartcards.web.accounts.sessions import CHECK_EVERY, Sessions
from heartcards.web.accounts.throttle import EXPORTS_PER_ACCOUNT, LINK_CODES_PER_ACCOUNT, RENEWALS_PER_ACCOUNT
from heartcards.web.errors import TooManyRequestsError
from tests.redis_server import RedisServer
from tests.redis_server import redis_server as redis_server
from tests.support.authenticator import SoftAuthenticator
from tests.support.off_the_loop import LoopSpy
from tests.web.accounts.conftest import PRODUCT_HASHER, PUBLIC_URL, create_account, sign_in
from tests.web.h2h.helpers import SEED_CODE, new_game, play_moves

Clients = Callable[[], Any]


def play_some(client: Any, moves: int = 2, finish: bool = True) -> str:
    """A game on the seed deal with `moves` moves played, then left (it counts in the statistics) unless `finish` is
    False; its id."""
    view = new_game(client)
    play_moves(client, view["id"], _first_moves(moves))
    if finish:
        assert client.post(f"/api/h2h/games/{view['id']}/abandon").status_code == 200
    return str(view["id"])


def _first_moves(count: int) -> list[Any]:
    game = Game(Deal.from_code(SEED_CODE))
    moves = []
    for _ in range(count):
        move = game.legal_moves()[0]
        game.play(move)
        moves.append(move)
    return moves


def summary(client: Any) -> dict[str, Any]:
    answer = client.get("/api/account")
    assert answer.status_code == 200
    body: dict[str, Any] = answer.json()
    return body


def test_a_guest_plays_without_an_account(new_client: Clients) -> None:
    guest = new_client()
    assert summary(guest) == {"signed_in": False, "name": None, "passkeys": 0, "devices": 0}
    play_some(guest)
    assert guest.get("/api/h2h/stats").json()["played"] == 1
    assert guest.get("/api/account/details").status_code == 401


def test_creating_an_account_keeps_the_devices_games_and_sets_a_safe_session(new_client: Clients) -> None:
    device = new_client()
    play_some(device)
    game_id = play_some(device, finish=False)
    created = create_account(device)
    assert created["account"] == {"signed_in": True, "name": "Ada", "passkeys": 1, "devices": 1}
    assert len(created["recovery_codes"]) == 10 and len(set(created["recovery_codes"])) == 10
    assert all(len(code) == 19 and code.count("-") == 3 for code in created["recovery_codes"])
    cookie = device.cookies.get("hc_session")
    assert cookie
    assert device.get("/api/h2h/stats").json()["played"] == 1
    assert device.get("/api/h2h/games/current").json()["id"] == game_id


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(new_client: Clients) -> None:
    device = new_client()
    options = device.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    answer = device.post("/api/account/register", json={"credential": SoftAuthenticator(PUBLIC_URL).create(options)})
    header = next(value for value in answer.headers.get_list("set-cookie") if value.startswith("hc_session="))
    assert "HttpOnly" in header and "SameSite=lax" in header and "Secure" in header


@pytest.mark.parametrize(
    ("user_agent", "label"),
    [
        (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
            "Chrome · Linux",
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
            "Edge · Windows",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1",
            "Safari · iPhone",
        ),
        ("Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox · Android"),
        ("Mozilla/5.0 (X11; Linux x86_64)", "Linux"),
        ("curl/8.5.0", ""),
    ],
)
def test_a_device_is_named_by_its_browser_and_system_in_no_language(user_agent: str, label: str) -> None:
    assert device_label(user_agent) == label


def test_a_second_device_signs_in_with_the_passkey_and_sees_the_same_games(new_client: Clients) -> None:
    phone, computer = new_client(), new_client()
    play_some(phone)
    created = create_account(phone)
    answer = sign_in(computer, created["authenticator"])
    assert answer.status_code == 200 and answer.json()["devices"] == 2
    assert computer.get("/api/h2h/stats").json() == phone.get("/api/h2h/stats").json()


def test_every_sign_in_makes_a_new_session_and_ends_the_old_one(new_client: Clients) -> None:
    device, thief = new_client(), new_client()
    authenticator = create_account(device)["authenticator"]
    first = device.cookies.get("hc_session")
    assert sign_in(device, authenticator).status_code == 200
    second = device.cookies.get("hc_session")
    assert second and second != first
    thief.cookies.set("hc_session", first, domain="cards.example.org")
    assert summary(thief)["signed_in"] is False
    assert summary(device)["devices"] == 1


def test_an_assertion_for_another_origin_is_refused(new_client: Clients) -> None:
    device, other = new_client(), new_client()
    authenticator = create_account(device)["authenticator"]
    options = other.post("/api/account/sign-in/options").json()["public_key"]
    authenticator.origin = "https://cards.example.org.evil.example"
    answer = other.post("/api/account/sign-in", json={"credential": authenticator.get(options)})
    assert answer.status_code == 400 and answer.json()["error"]["key"] == "account.error.passkey_refused"
    assert summary(other)["signed_in"] is False


def test_a_registration_for_another_origin_is_refused(new_client: Clients) -> None:
    device = new_client()
    options = device.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    credential = SoftAuthenticator("http://localhost:8000").create(options)
    answer = device.post("/api/account/register", json={"credential": credential})
    assert answer.status_code == 400 and summary(device)["signed_in"] is False


def test_a_replayed_assertion_is_refused(new_client: Clients) -> None:
    device, other = new_client(), new_client()
    authenticator = create_account(device)["authenticator"]
    options = other.post("/api/account/sign-in/options").json()["public_key"]
    credential = authenticator.get(options)
    assert other.post("/api/account/sign-in", json={"credential": credential}).status_code == 200
    replay = new_client().post("/api/account/sign-in", json={"credential": credential})
    assert replay.status_code == 400 and replay.json()["error"]["key"] == "account.error.passkey_refused"


def test_a_challenge_expires_after_five_minutes(new_client: Clients, accounts_app: Any) -> None:
    device, other = new_client(), new_client()
    authenticator = create_account(device)["authenticator"]
    options = other.post("/api/account/sign-in/options").json()["public_key"]
    accounts_app.state.accounts.clock = lambda: utc_now() + timedelta(minutes=5, seconds=1)
    answer = other.post("/api/account/sign-in", json={"credential": authenticator.get(options)})
    assert answer.status_code == 400


def test_a_link_code_signs_in_one_device_once(new_client: Clients) -> None:
    device, tablet, another = new_client(), new_client(), new_client()
    create_account(device)
    link = device.post("/api/account/link-codes").json()
    assert len(link["code"]) == 8 and link["url"] == f"{PUBLIC_URL}/account?link={link['code']}"
    assert link["qr_svg"].startswith("data:image/svg+xml")
    typed = link["code"].lower()[:4] + " " + link["code"][4:]
    assert tablet.post("/api/account/link-codes/use", json={"code": typed}).json()["devices"] == 2
    again = another.post("/api/account/link-codes/use", json={"code": link["code"]})
    assert again.status_code == 400 and again.json()["error"]["key"] == "account.error.code_refused"


def test_a_new_link_code_replaces_the_accounts_earlier_one_and_an_account_asks_a_few(
    new_client: Clients, accounts_app: Any
) -> None:
    """One device is linked at a time: a new code ends the one before, so an account asking codes over and over (a row
    and a QR code each) leaves one row, not one a request; and past a few in ten minutes it is refused."""
    device, tablet = new_client(), new_client()
    create_account(device)
    account_id = device.get("/api/account/export").json()["account"]["id"]
    asked = [device.post("/api/account/link-codes").json()["code"] for _ in range(LINK_CODES_PER_ACCOUNT)]
    refused = device.post("/api/account/link-codes")  # and a few in ten minutes
    assert refused.status_code == 429 and refused.json()["error"]["key"] == "account.error.too_many_attempts"
    with accounts_app.state.services.engine.connect() as connection:
        kept = connection.execute(select(func.count()).where(LINK_CODES.c.account_id == account_id)).scalar_one()
    assert kept == 1
    assert tablet.post("/api/account/link-codes/use", json={"code": asked[0]}).status_code == 400
    assert tablet.post("/api/account/link-codes/use", json={"code": asked[-1]}).json()["devices"] == 2


def test_signing_in_past_the_devices_an_account_may_have_signs_out_the_one_seen_longest_ago(
    new_client: Clients, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each sign-in writes a session (a row, and a line in the account's list of devices): an account signing in over
    and over would otherwise grow both without end."""
    monkeypatch.setattr(service, "SESSIONS_PER_ACCOUNT", 3)
    first, second, third, fourth = new_client(), new_client(), new_client(), new_client()
    authenticator = create_account(first)["authenticator"]
    for device in (second, third):
        assert sign_in(device, authenticator).status_code == 200
    assert first.get("/api/account").json()["devices"] == 3
    assert sign_in(fourth, authenticator).status_code == 200
    signed_in = [device.get("/api/account").json()["signed_in"] for device in (first, second, third, fourth)]
    assert signed_in == [False, True, True, True]
    assert fourth.get("/api/account").json()["devices"] == 3


def test_an_account_holds_at_most_its_passkeys_and_says_so_in_each_language(
    new_client: Clients, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each added passkey is a row and a line in the account's page: past the most an account holds, neither the
    options nor a ceremony begun before the limit was reached add one."""
    monkeypatch.setattr(service, "PASSKEYS_PER_ACCOUNT", 2)
    device = new_client()
    create_account(device)
    first_options = device.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    second_options = device.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    added = device.post(
        "/api/account/register", json={"credential": SoftAuthenticator(PUBLIC_URL).create(first_options)}
    )
    assert added.status_code == 200 and added.json()["account"]["passkeys"] == 2
    late = device.post(
        "/api/account/register", json={"credential": SoftAuthenticator(PUBLIC_URL).create(second_options)}
    )
    assert late.status_code == 409 and late.json()["error"]["key"] == "account.error.too_many_passkeys"
    for language, words in (("en", "2 passkeys"), ("it", "2 passkey"), ("el", "2 κλειδιά πρόσβασης")):
        refused = device.post(
            "/api/account/register/options", json={"name": "Ada"}, headers={"accept-language": language}
        )
        assert refused.status_code == 409 and words in refused.json()["error"]["message"], (language, refused.text)
    assert device.get("/api/account").json()["passkeys"] == 2


def test_an_account_downloads_its_data_a_few_times_in_ten_minutes(new_client: Clients) -> None:
    """An export reads and writes out every game the account played (megabytes for a player of years): one account
    asking it over and over is refused past a few, and another account's is not."""
    device, other = new_client(), new_client()
    create_account(device)
    create_account(other, name="Bea")
    answers = [device.get("/api/account/export") for _ in range(EXPORTS_PER_ACCOUNT + 1)]
    assert [answer.status_code for answer in answers] == [200] * EXPORTS_PER_ACCOUNT + [429]
    assert answers[-1].json()["error"]["key"] == "account.error.too_many_attempts"
    assert other.get("/api/account/export").status_code == 200


def test_a_link_code_lasts_ten_minutes(new_client: Clients, accounts_app: Any) -> None:
    device, tablet = new_client(), new_client()
    create_account(device)
    code = device.post("/api/account/link-codes").json()["code"]
    accounts_app.state.accounts.clock = lambda: utc_now() + timedelta(minutes=10, seconds=1)
    assert tablet.post("/api/account/link-codes/use", json={"code": code}).status_code == 400


def test_a_recovery_code_works_once(new_client: Clients) -> None:
    device, lost, later = new_client(), new_client(), new_client()
    codes = create_account(device)["recovery_codes"]
    assert lost.post("/api/account/recovery-codes/use", json={"code": codes[3]}).json()["signed_in"] is True
    again = later.post("/api/account/recovery-codes/use", json={"code": codes[3]})
    assert again.status_code == 400 and again.json()["error"]["key"] == "account.error.code_refused"
    assert lost.get("/api/account/details").json()["recovery_codes_left"] == 9


def test_renewed_recovery_codes_replace_the_old_ones(new_client: Clients) -> None:
    device, lost = new_client(), new_client()
    old = create_account(device)["recovery_codes"]
    new = device.post("/api/account/recovery-codes").json()["codes"]
    assert len(new) == 10 and not set(new) & set(old)
    assert lost.post("/api/account/recovery-codes/use", json={"code": old[0]}).status_code == 400
    assert lost.post("/api/account/recovery-codes/use", json={"code": new[0]}).status_code == 200


def test_an_addresss_exports_are_written_one_at_a_time_on_the_reading_threads(
    new_client: Clients, accounts_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An export is every game the account ever played (megabytes for a player of years): asked many times at once
    from one address, the exports wait in its line for the reading threads and are written one at a time, not each
    on a thread of its own that takes the interpreter from the event loop (`benchmarks/fairness.py`'s
    `heavy_exports`)."""
    device = new_client()
    create_account(device)
    export = AccountService.export
    running: list[str] = []
    threads: set[str] = set()
    most = 0
    lock = threading.Lock()

    def slow_export(self: AccountService, signed_in: Any) -> dict[str, Any]:
        nonlocal most
        with lock:
            running.append(threading.current_thread().name)
            threads.add(running[-1])
            most = max(most, len(running))
        time.sleep(0.05)
        with lock:
            running.pop()
        return export(self, signed_in)

    monkeypatch.setattr(AccountService, "export", slow_export)

    async def four_at_once() -> list[httpx2.Response]:  # on one event loop, as a server runs them
        transport = httpx2.ASGITransport(app=accounts_app, client=("10.9.0.1", 50000))
        async with httpx2.AsyncClient(
            transport=transport, base_url=str(device.base_url), cookies=device.cookies
        ) as one:
            return await asyncio.gather(*(one.get("/api/account/export") for _ in range(4)))

    answers = asyncio.run(four_at_once())
    assert [answer.status_code for answer in answers] == [200] * 4
    assert {answer.content for answer in answers} == {answers[0].content}
    assert most == 1 and all(name.startswith("reads") for name in threads), (most, threads)


def test_the_codes_hashes_and_the_links_qr_code_are_made_off_the_event_loop(
    new_client: Clients, accounts_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new account hashes ten codes (some 300 ms of argon2 at the product's cost, which its stored hashes carry),
    an export reads every game the account played: on the event loop, every other request would wait."""
    monkeypatch.setattr(codes, "HASHER", PRODUCT_HASHER)
    spy = LoopSpy(monkeypatch)
    for owner, name in ((codes, "hash_recovery_code"), (codes, "recovery_code_matches"), (routes, "link_qr_code")):
        spy.watch(owner, name)
    spy.watch(AccountService, "export")
    device, lost = new_client(), new_client()
    first = create_account(device)["recovery_codes"]
    renewed = device.post("/api/account/recovery-codes").json()["codes"]
    assert device.post("/api/account/link-codes").json()["qr_svg"].startswith("data:image/svg+xml")
    assert lost.post("/api/account/recovery-codes/use", json={"code": first[0]}).status_code == 400
    assert lost.post("/api/account/recovery-codes/use", json={"code": renewed[0]}).status_code == 200
    assert device.get("/api/account/export").json()["account"]["name"] == "Ada"
    assert spy.on_the_loop == []
    with accounts_app.state.services.engine.connect() as connection:
        stored = connection.execute(select(RECOVERY.c.code_hash)).scalars().all()  # the renewed ten
    assert len(stored) == 10 and all(text.startswith("$argon2id$v=19$m=19456,t=2,p=1$") for text in stored)


@pytest.mark.skipif(sys.platform != "linux", reason="a thread has a niceness of its own on Linux alone")
def test_the_hashes_thread_runs_below_the_server_and_the_server_as_it_was() -> None:
    before = os.nice(0)
    assert service.HASHING.submit(os.nice, 0).result() == min(before + service.HASHING_NICENESS, 19)
    assert os.nice(0) == before


def test_recovery_codes_are_renewed_at_most_five_times_in_ten_minutes(new_client: Clients) -> None:
    """Each renewal hashes ten codes: an account cannot have the server do it without end."""
    device = new_client()
    create_account(device)
    answers = [device.post("/api/account/recovery-codes", headers={"accept-language": "it"}) for _ in range(6)]
    assert [answer.status_code for answer in answers] == [200] * 5 + [429]
    refused = answers[-1].json()["error"]
    assert refused["key"] == "account.error.too_many_attempts" and "tentativi" in refused["message"]
    assert device.get("/api/account/details").json()["recovery_codes_left"] == 10  # the fifth set stands


def test_a_renewal_or_an_export_its_addresss_full_line_refuses_is_not_counted(
    new_client: Clients, accounts_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A renewal or an export refused before it ran, its address's line being full (429 `account.error.busy`, 429
    `error.too_many_requests`), did nothing: the account keeps every renewal and export of the window."""
    device = new_client()
    create_account(device)
    accounts: AccountService = accounts_app.state.accounts
    reading = accounts_app.state.services.reading

    async def hashing_full(*args: object, **kwargs: object) -> Any:
        raise HashingBusyError()

    async def reading_full(*args: object, **kwargs: object) -> Any:
        raise TooManyRequestsError(limit=1)

    with monkeypatch.context() as patched:  # each line full, as another few dozen jobs of the address would fill it
        patched.setattr(accounts.hashing, "submit", hashing_full)
        patched.setattr(reading, "read", reading_full)
        for _ in range(max(RENEWALS_PER_ACCOUNT, EXPORTS_PER_ACCOUNT) + 1):
            assert device.post("/api/account/recovery-codes").json()["error"]["key"] == "account.error.busy"
            assert device.get("/api/account/export").json()["error"]["key"] == "error.too_many_requests"
    renewals = [device.post("/api/account/recovery-codes").status_code for _ in range(RENEWALS_PER_ACCOUNT + 1)]
    exports = [device.get("/api/account/export").status_code for _ in range(EXPORTS_PER_ACCOUNT + 1)]
    assert renewals == [200] * RENEWALS_PER_ACCOUNT + [429] and exports == [200] * EXPORTS_PER_ACCOUNT + [429]


def test_the_hashes_of_an_address_flooding_them_wait_in_its_own_line(new_client: Clients, accounts_app: Any) -> None:
    """The hashing thread takes the addresses in turn: an address renewing many accounts' codes at once has another
    address's job wait behind one of its own besides the one under way, not its whole flood, and more of its jobs
    waiting than its line holds are refused."""
    flood_size = service.HASHES_WAITING_PER_ADDRESS + 1  # one handed to the thread, the line full
    for _ in range(flood_size // RENEWALS_PER_ACCOUNT + 1):
        create_account(new_client())
    accounts: AccountService = accounts_app.state.accounts
    with accounts.repository.engine.connect() as connection:
        flooders = list(connection.execute(select(ACCOUNTS.c.id)).scalars())
    bystander = create_account(new_client())["recovery_codes"][0]
    release = threading.Event()
    blocked = service.HASHING.submit(release.wait)  # the thread busy, so that every job below waits its turn
    finished: list[str] = []

    async def flood_and_one_more() -> None:
        async def done(label: str, job: Awaitable[object]) -> None:
            await job
            finished.append(label)

        flood = [
            asyncio.create_task(
                done(f"flood {n}", accounts.renew_recovery_codes(flooders[n % len(flooders)], "10.9.0.1"))
            )
            for n in range(flood_size)
        ]
        await asyncio.sleep(0.05)
        with pytest.raises(HashingBusyError):
            await accounts.renew_recovery_codes(flooders[-1], "10.9.0.1")
        other = Device(None, None, "10.9.0.2", "x")
        recovered = asyncio.create_task(done("bystander", accounts.use_recovery_code(other, bystander)))
        await asyncio.sleep(0.05)
        release.set()
        await asyncio.gather(*flood, recovered)

    try:
        asyncio.run(flood_and_one_more())
    finally:
        release.set()
        blocked.result()
    # behind the flood's job handed to the thread and the one next in its line (it came first), before the rest
    assert finished == ["flood 0", "flood 1", "bystander"] + [f"flood {n}" for n in range(2, flood_size)]


def test_a_wrong_code_says_nothing_about_whether_an_account_exists(new_client: Clients) -> None:
    device, stranger = new_client(), new_client()
    code = create_account(device)["recovery_codes"][0]
    near = code[:5] + ("2" if code[5] != "2" else "3") + code[6:]  # its account's lookup, a wrong rest
    nowhere = "ZZZZ-ZZZZ-ZZZZ-ZZZZ" if not code.startswith("ZZZZ") else "YYYY-ZZZZ-ZZZZ-ZZZZ"
    answers = [stranger.post("/api/account/recovery-codes/use", json={"code": typed}) for typed in (near, nowhere)]
    assert [answer.status_code for answer in answers] == [400, 400]
    assert answers[0].json() == answers[1].json()
    bad_link = stranger.post("/api/account/link-codes/use", json={"code": "ABCDEFGH"})
    assert bad_link.status_code == 400 and bad_link.json()["error"]["key"] == answers[0].json()["error"]["key"]


def test_wrong_codes_are_limited_per_address(new_client: Clients) -> None:
    device, guesser = new_client(), new_client()
    create_account(device)
    code = device.post("/api/account/link-codes").json()["code"]
    for attempt in range(10):
        assert (
            guesser.post("/api/account/link-codes/use", json={"code": f"2345678{attempt % 8 + 2}"}).status_code == 400
        )
    limited = guesser.post("/api/account/link-codes/use", json={"code": code})
    assert limited.status_code == 429 and limited.json()["error"]["key"] == "account.error.too_many_attempts"
    assert guesser.post("/api/account/recovery-codes/use", json={"code": "x"}).status_code == 429


def test_wrong_recovery_codes_are_limited_per_account_from_any_address(new_client: Clients, accounts_app: Any) -> None:
    device = new_client()
    codes = create_account(device)["recovery_codes"]
    accounts = accounts_app.state.accounts
    wrong = codes[0][:5] + ("2" if codes[0][5] != "2" else "3") + codes[0][6:]
    for address in range(10):
        with pytest.raises(CodeRefusedError):
            asyncio.run(accounts.use_recovery_code(Device(None, None, f"10.0.0.{address}", "x"), wrong))
    with pytest.raises(TooManyAttemptsError):
        asyncio.run(accounts.use_recovery_code(Device(None, None, "10.0.1.1", "x"), codes[1]))


def test_failed_attempts_count_once_for_the_site_on_servers_sharing_redis(
    new_client: Clients, accounts_app: Any, redis_server: RedisServer
) -> None:
    """Two servers of one site (one database, one Redis): an address's wrong codes, and an account's, are counted
    once whichever server they reach, so a guesser gets no more tries for each server the site runs."""
    device = new_client()
    recovery = create_account(device)["recovery_codes"]
    link = device.post("/api/account/link-codes").json()["code"]
    wrong = recovery[0][:5] + ("2" if recovery[0][5] != "2" else "3") + recovery[0][6:]
    engine = accounts_app.state.services.engine

    async def scenario() -> None:
        links = [redis.asyncio.Redis.from_url(redis_server.url) for _ in range(2)]
        try:
            await links[0].flushall()
            servers = [
                AccountService(AccountRepository(engine), Sessions(AccountRepository(engine)), list, utc_now, counters)
                for counters in (RedisCounters(links[0]), RedisCounters(links[1]))
            ]
            guesser = Device(None, None, "203.0.113.9", "x")
            for attempt in range(10):
                with pytest.raises(CodeRefusedError):
                    await servers[attempt % 2].use_link_code(guesser, f"2345678{attempt % 8 + 2}")
            for server in servers:
                with pytest.raises(TooManyAttemptsError):
                    await server.use_link_code(guesser, link)  # even the right code, at either server
            for address in range(10):
                with pytest.raises(CodeRefusedError):
                    await servers[address % 2].use_recovery_code(Device(None, None, f"10.9.0.{address}", "x"), wrong)
            with pytest.raises(TooManyAttemptsError):
                await servers[0].use_recovery_code(Device(None, None, "10.9.1.1", "x"), recovery[1])
        finally:
            for client in links:
                await client.aclose()

    asyncio.run(scenario())


def test_the_new_endpoints_refuse_another_sites_requests(new_client: Clients) -> None:
    device = new_client()
    create_account(device)
    cross = {"Sec-Fetch-Site": "cross-site"}
    for path in ("/api/account/link-codes", "/api/account/sign-out", "/api/account/sign-in/options"):
        assert device.post(path, headers=cross).status_code == 403
    assert device.delete("/api/account", headers=cross).status_code == 403
    assert summary(device)["signed_in"] is True
    stranger = new_client()
    answer = stranger.post("/api/account/link-codes/use", json={"code": "ABCDEFGH"}, headers=cross)
    assert answer.status_code == 403 and "hc_session" not in answer.headers.get("set-cookie", "")


def test_joining_a_device_merges_its_guest_games_once_and_its_running_game_goes_on(new_client: Clients) -> None:
    phone, computer = new_client(), new_client()
    play_some(phone, moves=3)
    authenticator = create_account(phone)["authenticator"]
    play_some(computer, moves=1)
    running = play_some(computer, moves=2, finish=False)
    assert sign_in(computer, authenticator).status_code == 200
    assert phone.get("/api/h2h/stats").json()["played"] == 2
    assert len(phone.get("/api/account/export").json()["h2h_games"]) == 3
    assert computer.get("/api/h2h/games/current").json()["id"] == running
    answer = computer.post(f"/api/h2h/games/{running}/undo")
    assert answer.status_code == 200, answer.text
    assert summary(computer)["devices"] == 2


def test_signing_out_one_or_all_other_devices(new_client: Clients) -> None:
    phone, computer, tablet = new_client(), new_client(), new_client()
    authenticator = create_account(phone)["authenticator"]
    sign_in(computer, authenticator)
    sign_in(tablet, authenticator)
    devices = phone.get("/api/account/details").json()["devices"]
    assert [device["current"] for device in devices] == [True, False, False]
    assert phone.post(f"/api/account/devices/{devices[1]['id']}/sign-out").json()["devices"] == 2
    assert summary(computer)["signed_in"] is False
    assert phone.post("/api/account/devices/sign-out-others").json()["devices"] == 1
    assert summary(tablet)["signed_in"] is False
    assert phone.post("/api/account/sign-out").json()["signed_in"] is False
    assert summary(phone)["signed_in"] is False and phone.get("/api/h2h/stats").json()["played"] == 0


def test_a_session_signed_out_through_another_server_is_refused_here_within_seconds(
    new_client: Clients, accounts_app: Any
) -> None:
    """Servers of one site each cache sessions; the one a device signs out through forgets it at once, the others
    check it against the database again within `CHECK_EVERY`."""
    device = new_client()
    create_account(device)
    secret = device.cookies.get("hc_session")
    here = Sessions(AccountRepository(accounts_app.state.services.engine))  # another server's sessions
    now = utc_now()
    signed_in = here.lookup(secret, now)
    assert signed_in is not None
    assert device.post("/api/account/sign-out").status_code == 200
    kept = new_client()  # the old cookie, sent again to the server it signed out at: refused at once
    kept.cookies.set("hc_session", str(secret), domain="cards.example.org")
    assert summary(kept)["signed_in"] is False
    assert here.lookup(secret, now + CHECK_EVERY - timedelta(seconds=1)) == signed_in
    assert here.lookup(secret, now + CHECK_EVERY) is None


def test_passkeys_are_added_and_removed_but_one_stays(new_client: Clients) -> None:
    device = new_client()
    create_account(device)
    second = SoftAuthenticator(PUBLIC_URL)
    options = device.post("/api/account/register/options", json={}).json()["public_key"]
    assert len(options["excludeCredentials"]) == 1
    added = device.post("/api/account/register", json={"credential": second.create(options)}).json()
    assert added["account"]["passkeys"] == 2 and added["recovery_codes"] == []
    keys = device.get("/api/account/details").json()["passkeys"]
    assert device.delete(f"/api/account/passkeys/{keys[0]['id']}").json()["passkeys"] == 1
    last = device.delete(f"/api/account/passkeys/{keys[1]['id']}")
    assert last.status_code == 409 and last.json()["error"]["key"] == "account.error.last_passkey"
    assert sign_in(new_client(), second).status_code == 200


def _shared_table(app: Any, players: list[str]) -> str:
    """A finished Hearts table where each of `players` had a seat (the rest computer players)."""
    now = utc_now()
    seats = [SeatRecord(number, "human", f"P{number}", player, "h") for number, player in enumerate(players)]
    seats += [SeatRecord(number, "bot", "Bot", None, None) for number in range(len(players), 4)]
    table_id = f"{len(players)}{'0' * 31}"
    HeartsRepository(app.state.services.engine).create_table(
        TableRecord(table_id, "online", "classic", 100, "normal", 60, "finished", {}, now, seats), now
    )
    return table_id


def test_export_holds_every_game_and_delete_erases_the_personal_data(new_client: Clients, accounts_app: Any) -> None:
    device, friend = new_client(), new_client()
    play_some(device)
    play_some(friend)
    create_account(device)
    me = accounts_app.state.services.engine
    with me.connect() as connection:
        player = connection.execute(select(ACCOUNTS.c.player_id)).scalar_one()
        friend_id = connection.execute(select(GAMES.c.player_id).where(GAMES.c.player_id != player)).scalar_one()
    shared, alone = _shared_table(accounts_app, [player, friend_id]), _shared_table(accounts_app, [player])
    export = device.get("/api/account/export")
    assert export.headers["content-disposition"].startswith("attachment;")
    data = export.json()
    assert data["account"]["name"] == "Ada" and len(data["h2h_games"]) == 1 and len(data["passkeys"]) == 1
    assert {game["table"]["id"] for game in data["hearts_games"]} == {shared, alone}
    assert "public_key" not in str(data["passkeys"]) and "token_hash" not in str(data)
    assert device.delete("/api/account").json()["signed_in"] is False
    with me.connect() as connection:
        for table in (ACCOUNTS, PASSKEYS, SESSIONS, RECOVERY):
            assert connection.execute(select(func.count()).select_from(table)).scalar_one() == 0
        assert connection.execute(select(func.count()).where(PLAYERS.c.id == player)).scalar_one() == 0
        assert connection.execute(select(GAMES.c.player_id)).scalars().all() == [friend_id]
        assert connection.execute(select(TABLES.c.id)).scalars().all() == [shared]
        seats = connection.execute(select(SEATS.c.seat, SEATS.c.name, SEATS.c.player_id).where(SEATS.c.seat < 2))
        assert sorted(tuple(row) for row in seats) == [(0, "", None), (1, "P1", friend_id)]
    assert friend.get("/api/h2h/stats").json()["played"] == 1


def test_another_origin_than_the_default_local_one_is_refused(app_maker: Any) -> None:
    app = app_maker.new_app()
    client = app_maker.client(app)
    options = client.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    assert options["rp"]["id"] == "localhost"
    credential = SoftAuthenticator("http://localhost:9999").create(options)
    assert client.post("/api/account/register", json={"credential": credential}).status_code == 400
    options = client.post("/api/account/register/options", json={"name": "Ada"}).json()["public_key"]
    credential = SoftAuthenticator("http://localhost").create(options)
    assert client.post("/api/account/register", json={"credential": credential}).status_code == 200
    client.close()
