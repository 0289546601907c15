"""The Heart to Heart bar explains its score, and the page's messages never cover the bar: a tap on the score says how
it counts ("a won game always scores 250"), in a message that leaves the time, the score and the moves in sight; in
English, Italian and Greek at 390×844, 844×390 and 1366×768, through the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import Player
from tests.web.browser.layout import assert_fits, at_each_size, overlap

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

IN_PLACE = "() => document.querySelector('#status').getAnimations().length === 0"
"""The message has slid into place: no transition of it runs."""
EXPLAINED = {
    "en": "Each card you remove from the heart scores 10 points: a won game always scores 250.",
    "it": "Ogni carta tolta dal cuore vale 10 punti: una partita vinta fa sempre 250.",
    "el": "Κάθε φύλλο που βγάζετε από την καρδιά δίνει 10 πόντους: μια νίκη δίνει πάντα 250.",
}


def test_the_score_explains_itself_in_a_message_clear_of_the_bar(new_player: NewPlayer) -> None:
    player = new_player()
    status = player.page.locator("#status.shown")
    for language, explained in EXPLAINED.items():
        player.open(f"/play/HH1-N-AAAAAAM?lang={language}")
        for size in at_each_size(player.page):
            label = f"{language} ({size})"
            player.page.click('[data-action="explain-score"]')  # at each size: the message's seconds start anew
            status.wait_for()
            assert status.inner_text().strip() == explained, label
            player.page.wait_for_function(IN_PLACE)  # the message's short slide into place
            message = status.bounding_box()
            assert message is not None
            for field in ("time", "score", "moves"):
                box = player.page.locator(f'[data-field="{field}"]').bounding_box()
                assert box is not None and not overlap(message, box), (label, field, message, box)
            assert_fits(player.page, f"score explained {label}")
            player.shot(f"score-explained-{language}")
