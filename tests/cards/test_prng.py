from heartcards.cards import SplitMix64


def test_splitmix64_matches_the_reference_outputs() -> None:
    # The reference implementation (Vigna's splitmix64.c) seeded with 0 starts with these outputs.
    rng = SplitMix64(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_stays_in_range_and_shuffle_is_a_permutation() -> None:
    rng = SplitMix64(99)
    assert all(0 <= rng.below(7) < 7 for _ in range(1000))
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52))
    assert items != list(range(52))


def test_same_seed_same_stream() -> None:
    assert [SplitMix64(5).next64() for _ in range(2)] == [SplitMix64(5).next64() for _ in range(2)]


def test_random_is_the_top_53_bits_of_the_output() -> None:
    assert SplitMix64(0).random() == (0xE220A8397B1DCDAF >> 11) / 2**53
    rng = SplitMix64(7)
    values = [rng.random() for _ in range(2000)]
    assert all(0.0 <= value < 1.0 for value in values)
    assert 0.45 < sum(values) / len(values) < 0.55
