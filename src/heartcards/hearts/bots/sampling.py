"""Deals of the hidden cards consistent with what a seat knows: shown voids, and the cards it passed (which the
receiver holds until it plays them), preferring deals that also fit how the others played (`Knowledge.unlikely`);
and how well a sampled deal explains each other seat's plays so far (`PlayReader`), to choose the heuristic that
seat plays in the deal's playouts and to weigh the deal."""

from __future__ import annotations

from typing import Final

from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots.knowledge import Knowledge
from heartcards.hearts.bots.policy import choose_card, keen_card
from heartcards.hearts.engine.cards import HEARTS, indices_of, popcount
from heartcards.hearts.engine.rules import legal_mask, trick_winner_offset

ATTEMPTS: Final = 12

RULE_MISSES_COUNTED: Final = 2
"""The most plays of a seat read as a `choose_card` player that count against a sampled deal: a person who played
like it in the earlier deals may stop, and then chance would pick the few deals that count."""

ReadingArgs = tuple[bool, bool, float, int, int, float]
"""How `mc` reads the other seats (`PlayReader`), plain to pickle: whether each plays in a deal's playouts the
heuristic that explains it better (fit), whether `keen_card` takes the ties, the weight of a misfit and the most
misfits counted a seat; the seats read from the earlier deals as `choose_card` players (a mask) and the weight of
each of their plays that `choose_card` would not have made."""

NO_READING: Final[ReadingArgs] = (False, True, 1.0, 13, 0, 1.0)


class HandSampler:
    """Draws the other seats' hands again and again for one decision (the constraints are worked out once)."""

    def __init__(self, known: Knowledge) -> None:
        me = known.seat
        self.others = [seat for seat in range(4) if seat != me]
        fixed = [0, 0, 0, 0]
        fixed[me] = known.hand
        if known.passed_to != me:
            fixed[known.passed_to] |= known.passed
        self.fixed = fixed
        self.cards = indices_of(known.unseen() & ~known.passed)
        self.need = [0, 0, 0, 0]
        for seat in self.others:
            self.need[seat] = known.hand_sizes[seat] - popcount(fixed[seat])
        void_ok = {card: [s for s in self.others if not known.voids[s] >> (card // 13) & 1] for card in self.cards}
        likely = {card: [s for s in seats if not known.unlikely[s] >> card & 1] for card, seats in void_ok.items()}
        # Strictest first: voids and play-reading; then voids only; then the hand sizes alone.
        self.levels = [likely, void_ok, {card: self.others for card in self.cards}]

    def sample(self, rng: FastSplitMix64) -> list[int]:
        """Four hands (masks): ours, and the others' filled at random with the unseen cards."""
        for level, eligible in enumerate(self.levels):
            tries = ATTEMPTS if level < len(self.levels) - 1 else 1
            for _ in range(tries):
                hands = self._try(eligible, rng)
                if hands is not None:
                    return hands
        raise RuntimeError("no deal fits the hand sizes")  # unreachable: the last level ignores voids

    def _try(self, eligible: dict[int, list[int]], rng: FastSplitMix64) -> list[int] | None:
        cards = self.cards[:]
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(eligible[card]))
        hands = self.fixed[:]
        left = self.need[:]
        for card in cards:
            seats = eligible[card]
            total = 0
            for seat in seats:
                total += left[seat]
            if total <= 0:
                return None
            pick = rng.below(total)
            for seat in seats:
                if pick < left[seat]:
                    # Not `|=` and `-=`: compiled, the in-place forms on list items are generic operations.
                    hands[seat] = hands[seat] | 1 << card
                    left[seat] = left[seat] - 1
                    break
                pick -= left[seat]
        return hands


class PlayReader:
    """Reads a sampled deal against the other seats' plays so far: each play that neither heuristic (`keen_card`,
    `choose_card`) would have made from the hand the deal gives that seat, with a choice, multiplies the deal's
    weight by the misfit weight, so deals that explain the table count more than deals that merely fit the voids;
    and per seat, which heuristic explains its plays better (`keen_card` on a tie when `ties_keen`).

    At most `misfit_cap` misfits count per seat: a player that neither heuristic explains even on its real hand
    misfits in every deal, and counting all its misfits would let chance pick the few deals that count.

    A seat in `rule_seats` (it played `choose_card` throughout the earlier deals: `choose_card_record`) is read as
    that player: it plays `choose_card`, and each of its plays `choose_card` would not have made weighs the deal
    `rule_weight` instead (at most `RULE_MISSES_COUNTED` of them).

    The replay is worked out once per decision: for each play of another seat than `seat`, the trick, the cards
    played and taken before it, and the cards that seat has played since (added back to its sampled hand)."""

    def __init__(self, seat: int, first_leader: int, history: list[int], reading: ReadingArgs) -> None:
        _, ties_keen, misfit_weight, misfit_cap, rule_seats, rule_weight = reading
        self.ties_keen = ties_keen
        self.misfit_weight = misfit_weight
        self.misfit_cap = misfit_cap
        self.rule_seats = rule_seats
        self.rule_weight = rule_weight
        self.seats: list[int] = []
        self.cards: list[int] = []
        self.tricks: list[list[int]] = []
        self.played: list[int] = []
        self.taken: list[list[int]] = []
        self.first_trick: list[bool] = []
        self.hearts_broken: list[bool] = []
        self.since: list[int] = []
        leader = first_leader
        trick: list[int] = []
        played = 0
        taken = [0, 0, 0, 0]
        broken = False
        tricks_done = 0
        seats_in_order: list[int] = []
        for card in history:
            player = (leader + len(trick)) & 3
            seats_in_order.append(player)
            if player != seat:
                self.seats.append(player)
                self.cards.append(card)
                self.tricks.append(trick[:])
                self.played.append(played)
                self.taken.append(taken[:])
                self.first_trick.append(tricks_done == 0)
                self.hearts_broken.append(broken)
            trick.append(card)
            played |= 1 << card
            if card // 13 == HEARTS:
                broken = True
            if len(trick) == 4:
                winner = (leader + trick_winner_offset(trick)) & 3
                taken[winner] = taken[winner] | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << card)
                leader = winner
                trick = []
                tricks_done += 1
        # For each recorded play, the cards its seat played from then on (that play included).
        later = [0, 0, 0, 0]
        since_reversed: list[int] = []
        for position in range(len(history) - 1, -1, -1):
            player = seats_in_order[position]
            later[player] = later[player] | 1 << history[position]
            if player != seat:
                since_reversed.append(later[player])
        self.since = since_reversed[::-1]

    def misses(self, hands: list[int]) -> list[list[int]]:
        """Per seat, in the deal `hands` gives (the seats' cards now; those played since are added back): the plays
        with a choice, those `keen_card` would not have made, those `choose_card` would not have made, and those
        neither would have made (four lists of four counts)."""
        choices = [0, 0, 0, 0]
        keen_misses = [0, 0, 0, 0]
        choose_misses = [0, 0, 0, 0]
        misfits = [0, 0, 0, 0]
        for index in range(len(self.cards)):
            seat = self.seats[index]
            hand = hands[seat] | self.since[index]
            trick = self.tricks[index]
            led = trick[0] // 13 if trick else -1
            legal = legal_mask(hand, led, self.first_trick[index], self.hearts_broken[index])
            if legal & (legal - 1) == 0:
                continue
            choices[seat] = choices[seat] + 1
            card = self.cards[index]
            played = self.played[index]
            taken = self.taken[index]
            keen_miss = keen_card(seat, hand, legal, trick, played, taken) != card
            choose_miss = choose_card(seat, hand, legal, trick, played, taken) != card
            if keen_miss:
                keen_misses[seat] = keen_misses[seat] + 1
            if choose_miss:
                choose_misses[seat] = choose_misses[seat] + 1
                if keen_miss:
                    misfits[seat] = misfits[seat] + 1
        return [choices, keen_misses, choose_misses, misfits]

    def read(self, hands: list[int]) -> tuple[float, int]:
        """The sampled deal's weight (the misfit weight to the power of the plays it leaves unexplained, at most
        `misfit_cap` a seat, and `rule_weight` to the power of the `rule_seats`' plays unlike `choose_card`'s), and
        the mask of the seats whose plays in it `keen_card` explains better than `choose_card`, or as well with
        `ties_keen` (the heuristic that seat plays in the deal's playouts when `mc` reads each seat's play); never a
        seat of `rule_seats`."""
        _, keen_misses, choose_misses, misfits = self.misses(hands)
        weight = 1.0
        keen_seats = 0
        for seat in range(4):
            if self.rule_seats >> seat & 1:
                for _ in range(min(choose_misses[seat], RULE_MISSES_COUNTED)):
                    weight *= self.rule_weight
                continue
            for _ in range(min(misfits[seat], self.misfit_cap)):
                weight *= self.misfit_weight
            keen_miss_count = keen_misses[seat]
            choose_miss_count = choose_misses[seat]
            if keen_miss_count < choose_miss_count or (self.ties_keen and keen_miss_count == choose_miss_count):
                keen_seats |= 1 << seat
        return weight, keen_seats


def choose_card_record(first_leader: int, history: list[int]) -> list[int]:
    """For a whole finished deal (its 52 cards in play order, from the first trick's leader; every hand is then
    known): per seat its plays with a choice, then per seat those `choose_card` would not have made (eight counts)."""
    choices, _, choose_misses, _ = PlayReader(-1, first_leader, history, NO_READING).misses([0, 0, 0, 0])
    return [*choices, *choose_misses]
