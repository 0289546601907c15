"""The Heart to Heart bar explains its score, and the page's messages never cover the bar: a tap on the score says how
it counts ("a won game always scores 250"), in a message that leaves the time, the score and the moves in sight; in
English, Italian and Greek at 390×844, 844×390 and 1366×768, through the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import Player
from tests.web.browser.layout import assert_fits, overlap

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

SIZES = ({"width": 390, "height": 844}, {"width": 844, "height": 390}, {"width": 1366, "height": 768})
EXPLAINED = {
    "en": "Each card you remove from the heart scores 10 points: a won game always scores 250.",
    "it": "Ogni carta tolta dal cuore vale 10 punti: una partita vinta fa sempre 250.",
    "el": "Κάθε φύλλο που βγάζετε από την καρδιά δίνει 10 πόντους: μια νίκη δίνει πάντα 250.",
}


def test_the_score_explains_itself_in_a_message_clear_of_the_bar(new_player: NewPlayer) -> None:
    player = new_player()
    for language, explained in EXPLAINED.items():
        for size in SIZES:
            label = f"{language}-{size['width']}x{size['height']}"
            player.page.set_viewport_size(size)
            player.open(f"/play/HH1-N-AAAAAAM?lang={language}")
            player.page.click('[data-action="explain-score"]')
            status = player.page.locator("#status.shown")
            status.wait_for()
            assert status.inner_text().strip() == explained, label
            player.page.wait_for_timeout(250)  # the message's short slide into place
            message = status.bounding_box()
            assert message is not None
            for field in ("time", "score", "moves"):
                box = player.page.locator(f'[data-field="{field}"]').bounding_box()
                assert box is not None and not overlap(message, box), (label, field, message, box)
            assert_fits(player.page, f"score explained {label}")
            player.shot(f"score-explained-{language}")
