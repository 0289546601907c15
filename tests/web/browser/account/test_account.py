"""Passkey accounts in real Chromium, with the DevTools protocol's virtual authenticator: an account made on one
device is found on others (the same passkey, a link code, a recovery code), a device's own guest games join it, and
export and erasure do what the Account page says. The pages are opened at http://localhost:PORT, the server's
default public address (WebAuthn's relying party "localhost")."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import create_engine, text

from tests.support.live_server import LiveServer
from tests.support.scripted import AsyncSeat
from tests.web.browser.accessibility import assert_accessible
from tests.web.browser.conftest import DESKTOP, PHONE, Player
from tests.web.browser.screenshots import save_screenshot
from tests.web.conftest import FAST_HEARTS

pytestmark = pytest.mark.browser
SEED_DEAL = "HH1-N-AAAAAAM"
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


@pytest.fixture(scope="module")
def account_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("accounts")
    server = LiveServer(f"sqlite:///{folder / 'db.sqlite3'}", environment=FAST_HEARTS)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Device:
    """A browser context (its own cookies) with a virtual authenticator, on the server's localhost address."""

    def __init__(self, browser: Any, base_url: str, viewport: dict[str, int], locale: str = "en-US") -> None:
        self.context = browser.new_context(viewport=viewport, locale=locale, service_workers="block")
        self.page = self.context.new_page()
        self.base_url = base_url
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable", {"enableUI": False})
        self.authenticator = self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})[
            "authenticatorId"
        ]

    def credentials(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.authenticator})[
            "credentials"
        ]
        return found

    def hold(self, credential: dict[str, Any]) -> None:
        self.cdp.send("WebAuthn.addCredential", {"authenticatorId": self.authenticator, "credential": credential})

    def open_account(self, query: str = "") -> None:
        self.page.goto(f"{self.base_url}account{query}")
        self.page.wait_for_selector("body[data-ready='true']")

    def click(self, action: str) -> None:
        self.page.locator(f'[data-action="{action}"]').click()

    def wait_signed_in(self, signed_in: bool = True) -> None:
        self.page.wait_for_selector(f"body[data-signed-in='{str(signed_in).lower()}']")

    def get(self, path: str) -> Any:
        answer = self.context.request.get(f"{self.base_url}{path.lstrip('/')}")
        assert answer.ok, answer.text()
        return answer.json()

    def post(self, path: str, body: Any = None) -> Any:
        answer = self.context.request.post(
            f"{self.base_url}{path.lstrip('/')}", data=body, headers={"Sec-Fetch-Site": "same-origin"}
        )
        assert answer.ok, answer.text()
        return answer.json()

    def status(self) -> str:
        return str(self.page.locator("#status").inner_text())

    def shot(self, name: str) -> None:
        save_screenshot(self.page, name)


@pytest.fixture
def devices(browser: Any, account_server: LiveServer) -> Iterator[Callable[..., Device]]:
    made: list[Device] = []
    base_url = account_server.url.replace("127.0.0.1", "localhost")

    def make(viewport: dict[str, int] = PHONE, locale: str = "en-US") -> Device:
        device = Device(browser, base_url, viewport, locale)
        made.append(device)
        return device

    yield make
    for device in made:
        device.context.close()


def win_the_seed_deal(device: Device, account_server: LiveServer) -> None:
    """The seed deal won on the device: its game begun on the page, played to one move from the win through the API,
    and that move tapped on the page, which shows the win."""
    moves = device.get(f"/api/h2h/solution/{SEED_DEAL}")["moves"]
    player = Player(device.page, device.base_url)
    player.open(f"/play/{SEED_DEAL}")
    player.play_on_the_server(moves[:-1])
    player.open(f"/play/{SEED_DEAL}")
    player.play(moves[-1:])
    player.dialog().wait_for()


def finish_a_hearts_game(device: Device, account_server: LiveServer) -> None:
    """A solo Hearts table to 50 points with easy computer players, created by the device, played to its end by a
    scripted seat holding the device's seat token."""
    created = device.post("/api/hearts/tables", {"mode": "solo", "target": 50, "strength": "easy", "name": "Adele"})

    async def play() -> None:
        seat = AsyncSeat(account_server.url, created["table"]["id"], created["token"], answer_score_table=True)
        await seat.connect()
        await seat.until(lambda state: state["table"]["status"] == "finished", play=True, timeout=240)
        await seat.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
        thread.submit(asyncio.run, play()).result()


def play_a_guest_game(device: Device) -> None:
    view = device.post("/api/h2h/games", {"code": "HH1-N-AAAAAAQ"})
    device.post(f"/api/h2h/games/{view['id']}/tap", {"target": "stock"})
    device.post(f"/api/h2h/games/{view['id']}/abandon")


def progress(device: Device) -> tuple[Any, Any]:
    h2h = device.get("/api/h2h/stats")
    hearts = device.get("/api/hearts/stats")
    return (h2h["played"], h2h["won"], sorted(game["id"] for game in h2h.get("recent", []))), hearts


def test_an_account_follows_the_player_to_every_device(
    devices: Callable[..., Device], account_server: LiveServer, tmp_path: Path
) -> None:
    phone = devices(PHONE)
    phone.open_account()
    assert phone.get("/api/account") == {"signed_in": False, "name": None, "passkeys": 0, "devices": 0}
    phone.shot("account-guest")
    win_the_seed_deal(phone, account_server)
    finish_a_hearts_game(phone, account_server)
    before = progress(phone)
    assert before[0][1] == 1 and before[1]["games"] == 1

    phone.open_account()
    phone.page.locator('[data-role="name"]').fill("Adele")
    phone.click("create-account")
    phone.wait_signed_in()
    codes = phone.page.locator('[data-role="recovery-codes"] code').all_inner_texts()
    assert len(codes) == 10
    assert progress(phone) == before
    phone.shot("account-created")
    (credential,) = phone.credentials()

    computer = devices(DESKTOP)
    computer.hold(credential)
    computer.open_account()
    computer.click("sign-in")
    computer.wait_signed_in()
    assert progress(computer) == before
    won = next(game for game in computer.get("/api/h2h/stats")["recent"] if game["status"] == "won")
    computer.page.goto(f"{computer.base_url}replay/{won['id']}")
    computer.page.wait_for_selector("body[data-ready='true']")
    assert SEED_DEAL in computer.page.locator("h1").inner_text()
    computer.open_account()
    computer.shot("account-signed-in")

    phone.click("link-device")
    code = phone.page.locator("[data-link-code]").inner_text()
    assert len(code) == 8 and phone.page.locator("img.qr").is_visible()
    phone.shot("account-link-code")
    tablet = devices(PHONE, locale="it-IT")
    tablet.open_account(f"?link={code}&lang=it")
    assert tablet.page.locator("[data-link-code-input]").input_value() == code
    tablet.click("use-link-code")
    tablet.wait_signed_in()
    assert progress(tablet) == before
    tablet.shot("account-it")

    laptop = devices(DESKTOP, locale="el-GR")
    play_a_guest_game(laptop)
    # The same passkey as it is now: the computer's copy, whose signature counter has moved past the phone's (a
    # copy signing with a counter that did not go up would look cloned, and be refused).
    laptop.hold(computer.credentials()[0])
    laptop.open_account("?lang=el")
    laptop.shot("account-guest-el")
    laptop.click("sign-in")
    laptop.wait_signed_in()
    merged = progress(phone)
    assert merged[0][0] == before[0][0] + 1 and merged[1] == before[1]
    assert progress(laptop) == merged and phone.get("/api/account")["devices"] == 4
    # every device named by its browser and system, no English words on the Greek page
    assert set(laptop.page.locator("[data-device] .what").all_inner_texts()) == {"Chrome · Linux"}
    assert_accessible(laptop.page, "the account page of a signed-in person, in Greek")
    laptop.shot("account-el")

    lost, thief = devices(PHONE), devices(PHONE)
    for device in (lost, thief):
        device.open_account()
        device.page.locator("[data-recovery-code-input]").fill(codes[0])
        device.click("use-recovery-code")
    lost.wait_signed_in()
    expect(thief.page.locator("#status")).to_have_text(re.compile(r"\S"))
    assert "does not work" in thief.status() and thief.get("/api/account")["signed_in"] is False
    lost.click("renew-recovery-codes")  # asked first in the page's own dialog, whose button says what it does
    lost.page.locator('[role="dialog"] [data-action="confirm"]', has_text="Make new recovery codes").click()
    lost.page.locator('[data-role="recovery-codes"] code').first.wait_for()
    renewed = lost.page.locator('[data-role="recovery-codes"] code').all_inner_texts()
    assert len(renewed) == 10 and not set(renewed) & set(codes)

    with phone.page.expect_download() as download:
        phone.click("export")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    exported_ids = {game["id"] for game in exported["h2h_games"]}
    assert set(merged[0][2]) <= exported_ids
    assert sum(game["move_count"] > 0 and game["status"] != "playing" for game in exported["h2h_games"]) == merged[0][0]
    assert {game["status"] for game in exported["h2h_games"]} >= {"won", "abandoned"}
    assert len(exported["hearts_games"]) == 1 and exported["hearts_games"][0]["deal_logs"]

    stranger = devices(PHONE)
    play_a_guest_game(stranger)
    stranger_before = progress(stranger)
    phone.click("delete-account")  # the page's own dialog asks first, Cancel focused: Enter keeps the account
    dialog = phone.page.locator('[role="dialog"]')
    assert dialog.locator("h2").inner_text() == "Delete my account"
    phone.page.keyboard.press("Enter")
    dialog.wait_for(state="detached")
    assert phone.get("/api/account")["signed_in"] is True
    phone.click("delete-account")
    dialog.locator('[data-action="confirm"]').click()
    phone.wait_signed_in(False)
    engine = create_engine(account_server.database_url)
    with engine.connect() as connection:
        for table in ("accounts", "account_passkeys", "account_sessions", "account_recovery_codes"):
            assert connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one() == 0
        assert connection.execute(text("SELECT COUNT(*) FROM hearts_tables")).scalar_one() == 0
        assert connection.execute(text("SELECT COUNT(*) FROM h2h_games")).scalar_one() == 1
    engine.dispose()
    assert progress(stranger) == stranger_before
    assert computer.get("/api/account")["signed_in"] is False


def test_a_passkey_made_for_another_origin_is_refused(browser: Any, tmp_path: Path) -> None:
    """The server's public address is another port: what the browser signs for this page's origin is refused."""
    server = LiveServer(
        f"sqlite:///{tmp_path / 'db.sqlite3'}", environment={"HEARTCARDS_PUBLIC_URL": "http://localhost:9"}
    )
    server.start()
    try:
        device = Device(browser, server.url.replace("127.0.0.1", "localhost"), DESKTOP)
        device.open_account()
        device.click("create-account")
        expect(device.page.locator("#status")).to_have_text(re.compile(r"\S"))
        assert "passkey could not be checked" in device.status()
        assert device.get("/api/account")["signed_in"] is False
        device.context.close()
    finally:
        server.stop()
