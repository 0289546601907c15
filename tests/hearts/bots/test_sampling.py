"""Sampled hidden hands fit everything the seat knows: sizes, voids, its passed cards, never its own cards."""

from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.rule import RuleBot
from heartcards.hearts.bots.sampling import (
    RULE_MISSES_COUNTED,
    HandSampler,
    PlayReader,
    ReadingArgs,
    choose_card_record,
)
from heartcards.hearts.bots.search import evaluate_plays
from heartcards.hearts.engine import INDEX_OF, Game, Phase, mask_of
from heartcards.hearts.engine.cards import indices_of


def advance(game: Game, plays: int, keen: bool = False) -> None:
    bots = [RuleBot(seed=seat, keen=keen) for seat in range(4)]
    if game.phase is Phase.PASS:
        for seat in range(4):
            game.apply_pass(seat, bots[seat].choose_pass(game.observation(seat)))
    for _ in range(plays):
        seat = game.turn
        assert seat is not None
        game.apply_play(seat, bots[seat].choose_play(game.observation(seat)))


def position(seed: int, plays: int, keen: bool = False) -> tuple[Game, int, Knowledge]:
    """A game of rule bots (on `keen_card` with `keen`) `plays` cards into its first deal, the seat to play and what
    that seat knows."""
    game = Game(seed)
    advance(game, plays, keen)
    seat = game.turn
    assert seat is not None
    return game, seat, knowledge_of(game.observation(seat))


def reader_of(
    known: Knowledge, misfit_weight: float, misfit_cap: int, ties_keen: bool, rule_seats: int = 0
) -> PlayReader:
    reading: ReadingArgs = (True, ties_keen, misfit_weight, misfit_cap, rule_seats, 0.5)
    return PlayReader(known.seat, known.first_leader, known.history, reading)


def test_samples_fit_sizes_voids_and_passes() -> None:
    rng = FastSplitMix64(3)
    checked_voids = 0
    for seed in range(12):
        game, seat, known = position(seed, 23 + seed % 10)
        observation = game.observation(seat)
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
        game, seat, known = position(seed, 30 + seed)
        for other in range(4):
            if other != seat:
                # Rule bots play as the reading assumes, so what it marks unlikely is never actually held.
                assert known.unlikely[other] & mask_of(game.hand(other)) == 0
                marked += (known.unlikely[other] & ~known.played).bit_count()
    assert marked > 0


def test_the_true_deal_explains_every_play_of_rule_bots_and_samples_explain_less() -> None:
    rng = FastSplitMix64(5)
    unexplained = 0
    for seed in range(10):
        game, _, known = position(seed, 20 + seed * 2)
        assert len(known.history) == 20 + seed * 2
        assert known.first_leader == game.tricks[0].leader
        reader = reader_of(known, 0.5, 13, True)
        # Rule bots play `choose_card`, so their real hands leave nothing unexplained.
        assert reader.read([mask_of(game.hand(other)) for other in range(4)])[0] == 1.0
        sampler = HandSampler(known)
        weights = [reader.read(sampler.sample(rng))[0] for _ in range(40)]
        assert all(0.0 < weight <= 1.0 for weight in weights)
        unexplained += sum(weight < 1.0 for weight in weights)
    assert unexplained > 40


def test_the_misfits_counted_per_seat_are_capped() -> None:
    rng = FastSplitMix64(8)
    capped = 0
    for seed in range(6):
        _, _, known = position(seed, 30 + seed)
        sampler = HandSampler(known)
        for _ in range(20):
            hands = sampler.sample(rng)
            uncapped = reader_of(known, 0.5, 13, True).read(hands)
            one = reader_of(known, 0.5, 1, True).read(hands)
            assert one[1] == uncapped[1]  # the cap weighs the deal; it reads the seats the same
            assert one[0] >= max(uncapped[0], 0.5**3)  # three other seats, one misfit each at most
            assert reader_of(known, 0.5, 0, True).read(hands)[0] == 1.0
            capped += one[0] > uncapped[0]
    assert capped > 10


def test_seats_are_modelled_by_the_heuristic_that_explains_their_plays() -> None:
    read_as_rule = 0
    for seed in range(10):
        game, seat, known = position(seed, 24 + seed)
        weight, keen_seats = reader_of(known, 0.5, 13, True).read([mask_of(game.hand(other)) for other in range(4)])
        assert weight == 1.0
        assert keen_seats >> seat & 1  # nothing of its own to read
        # Rule bots play `choose_card`: once a play of theirs is one `keen_card` would not make, they are read so.
        read_as_rule += sum(not keen_seats >> other & 1 for other in range(4))
    assert read_as_rule >= 10


def test_with_ties_to_choose_card_seats_are_read_as_keen_only_on_a_play_of_keen_card_alone() -> None:
    read_as_keen = [0, 0]
    for seed in range(10):
        for keen in (False, True):
            game, _, known = position(seed, 24 + seed, keen)
            true_hands = [mask_of(game.hand(other)) for other in range(4)]
            read_as_keen[keen] += reader_of(known, 1.0, 13, False).read(true_hands)[1].bit_count()
    assert read_as_keen[False] == 0  # `choose_card` explains every play of a rule bot
    assert read_as_keen[True] >= 10


def sums(known: Knowledge, candidates: list[int], misfit_weight: float, fit_models: bool) -> list[float]:
    """`evaluate_plays` over 40 deals of one seed, every seat on `keen_card` unless read otherwise."""
    outlook = (known.seat, [0, 0, 0, 0], False, 100, 1.0)
    reading = (fit_models, True, misfit_weight, 13, 0, 1.0)
    return evaluate_plays(known, candidates, False, None, outlook, [False], 15, reading, 40, 9, None)


def test_mc_plays_out_the_others_as_it_reads_them() -> None:
    changed = lighter = 0
    for seed in range(12):
        game, seat, known = position(seed, 28 + seed % 6)
        candidates = indices_of(game.legal_mask(seat))
        width = len(candidates)
        if width < 2:
            continue
        plain = sums(known, candidates, 1.0, False)
        assert sums(known, candidates, 1.0, False) == plain  # the same seed, the same sums
        assert plain[width:] == [40.0] * width  # every deal weighs 1
        weighed = sums(known, candidates, 0.2, False)
        assert all(0.0 < weight <= 40.0 for weight in weighed[width:])
        lighter += weighed[width] < 40.0
        changed += sums(known, candidates, 1.0, True)[:width] != plain[:width]
    assert lighter >= 5  # deals that misread the rule bots weigh less
    assert changed >= 5  # rule bots, read as `choose_card`, play it in the playouts


def test_seats_read_as_rule_play_choose_card_and_weigh_deals_by_its_misses_alone() -> None:
    rng = FastSplitMix64(4)
    weighed = 0
    for seed in range(6):
        game, seat, known = position(seed, 26 + seed, keen=seed % 2 == 1)
        others = 15 & ~(1 << seat)
        true_hands = [mask_of(game.hand(other)) for other in range(4)]
        sampler = HandSampler(known)
        for hands in [true_hands] + [sampler.sample(rng) for _ in range(20)]:
            weight, keen_seats = reader_of(known, 1.0, 13, True, others).read(hands)
            assert keen_seats == 1 << seat  # every other seat plays `choose_card` (the deciding seat: nothing to read)
            _, _, choose_misses, _ = reader_of(known, 1.0, 13, True).misses(hands)
            counted = sum(min(choose_misses[other], RULE_MISSES_COUNTED) for other in range(4) if other != seat)
            assert weight == 0.5**counted
            weighed += weight < 1.0
        if seed % 2 == 0:  # rule bots: their real hands explain every play
            assert reader_of(known, 1.0, 13, True, others).read(true_hands)[0] == 1.0
    assert weighed > 20


def whole_deal(seed: int, keen: bool) -> tuple[int, list[int]]:
    """A deal played to its end by rule bots (on `keen_card` with `keen`): the first leader and every card."""
    game = Game(seed)
    advance(game, 52, keen)
    record = game.records[0]
    return record.tricks[0].leader, [INDEX_OF[card] for trick in record.tricks for card in trick.cards]


def test_a_finished_deal_shows_exactly_which_seats_played_choose_card() -> None:
    keen_missed = 0
    for seed in range(6):
        counts = choose_card_record(*whole_deal(seed, keen=False))
        choices, misses = counts[:4], counts[4:]
        assert misses == [0, 0, 0, 0]
        assert all(3 <= choice <= 12 for choice in choices)  # the first and last tricks are often forced
        keen_missed += sum(choose_card_record(*whole_deal(seed, keen=True))[4:])
    assert keen_missed >= 6  # `keen_card` plays otherwise now and then
