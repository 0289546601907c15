"""Sampled hidden hands fit everything the seat knows: sizes, voids, its passed cards, never its own cards."""

from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots import make_bot
from heartcards.hearts.bots.knowledge import knowledge_of
from heartcards.hearts.bots.sampling import HandSampler
from heartcards.hearts.engine import Game, Phase, mask_of


def advance(game: Game, plays: int) -> None:
    bots = [make_bot("rule", seed=seat) for seat in range(4)]
    if game.phase is Phase.PASS:
        for seat in range(4):
            game.apply_pass(seat, bots[seat].choose_pass(game.observation(seat)))
    for _ in range(plays):
        seat = game.turn
        assert seat is not None
        game.apply_play(seat, bots[seat].choose_play(game.observation(seat)))


def test_samples_fit_sizes_voids_and_passes() -> None:
    rng = FastSplitMix64(3)
    checked_voids = 0
    for seed in range(12):
        game = Game(seed)
        advance(game, 23 + seed % 10)
        seat = game.turn
        assert seat is not None
        observation = game.observation(seat)
        known = knowledge_of(observation)
        sampler = HandSampler(known)
        passed = mask_of(observation.passed)
        receiver = game.pass_direction.receiver(seat)
        for _ in range(20):
            hands = sampler.sample(rng)
            assert hands[seat] == mask_of(game.hand(seat))
            assert [hands[other].bit_count() for other in range(4)] == [len(game.hand(other)) for other in range(4)]
            union = hands[0] | hands[1] | hands[2] | hands[3]
            assert union.bit_count() == sum(hand.bit_count() for hand in hands)
            assert union & known.played == 0
            still_held = passed & ~known.played
            assert hands[receiver] & still_held == still_held
            for other in range(4):
                for suit in range(4):
                    if known.voids[other] >> suit & 1:
                        checked_voids += 1
                        assert hands[other] & (0x1FFF << (13 * suit)) == 0
    assert checked_voids > 0


def test_play_reading_marks_cards_a_seat_likely_lacks() -> None:
    marked = 0
    for seed in range(8):
        game = Game(seed)
        advance(game, 30 + seed)
        seat = game.turn
        assert seat is not None
        known = knowledge_of(game.observation(seat))
        for other in range(4):
            if other != seat:
                # Rule bots play as the reading assumes, so what it marks unlikely is never actually held.
                assert known.unlikely[other] & mask_of(game.hand(other)) == 0
                marked += (known.unlikely[other] & ~known.played).bit_count()
    assert marked > 0
