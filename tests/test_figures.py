import pytest

from heartcards.figures import percentile


def test_nearest_rank_at_one_hundred_values_is_not_the_maximum() -> None:
    values = list(range(100, 0, -1))
    assert percentile(values, 0.99) == 99
    assert percentile(values, 0.5) == 50
    assert percentile(values, 1.0) == 100
    assert percentile(values, 0.0) == 1


def test_small_samples() -> None:
    assert percentile([3.5], 0.99) == 3.5
    assert percentile([1, 2, 3, 4], 0.5) == 2
    assert percentile([1, 2, 3, 4], 0.51) == 3
    assert percentile([10, 20, 30], 0.9) == 30


@pytest.mark.parametrize("fraction", [-0.1, 1.5])
def test_bad_fraction(fraction: float) -> None:
    with pytest.raises(ValueError, match="fraction"):
        percentile([1, 2], fraction)


def test_no_values() -> None:
    with pytest.raises(ValueError, match="no values"):
        percentile([], 0.5)
