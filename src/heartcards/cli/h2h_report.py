"""`heartcards stats`'s report: the winnable share with its interval, the fewest-moves figures and their histogram,
as one JSON line or readable lines; `stats` prints it on one machine and `stats --cluster` over a checkpoint."""

from __future__ import annotations

import math
from collections import Counter

import typer

from heartcards.cli.output import print_json
from heartcards.figures import percentile
from heartcards.heart_to_heart.engine import Mode, format_code
from heartcards.heart_to_heart.solver.stats import DealSummary


def wilson_interval(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if total == 0:
        return (0.0, 1.0)
    share = successes / total
    denominator = 1 + z * z / total
    centre = (share + z * z / (2 * total)) / denominator
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def histogram(counts: Counter[int], width: int = 50, bins: int = 16) -> str:
    """A text histogram of move counts in at most `bins` equal bins."""
    low, high = min(counts), max(counts)
    size = max(1, math.ceil((high - low + 1) / bins))
    binned: Counter[int] = Counter()
    for value, count in counts.items():
        binned[low + (value - low) // size * size] += count
    peak = max(binned.values())
    lines = []
    for start in range(low, high + 1, size):
        label = f"{start}" if size == 1 else f"{start}-{start + size - 1}"
        bar = "█" * max(1 if binned[start] else 0, round(binned[start] / peak * width))
        lines.append(f"{label:>9} {bar} {binned[start]}")
    return "\n".join(lines)


def report(
    summary: DealSummary,
    mode: Mode,
    start: int,
    seconds: float,
    json: bool,
    *,
    counted_now: int | None = None,
    extra: dict[str, object] | None = None,
) -> None:
    """Print the figures (one JSON line, or readable lines); `counted_now` is how many deals `seconds` counted
    (default: all), and `extra` adds keys to the JSON line."""
    counted = summary.deals if counted_now is None else counted_now
    low, high = wilson_interval(summary.winnable, summary.deals)
    move_counts = sorted(summary.move_counts)
    optimal_part: dict[str, object] | None = None
    if summary.optimal:
        optimal_part = {
            "solved": len(move_counts),
            "min": move_counts[0] if move_counts else None,
            "max": move_counts[-1] if move_counts else None,
            "mean": round(sum(move_counts) / len(move_counts), 3) if move_counts else None,
            "percentiles": {f"p{int(p * 100)}": percentile(move_counts, p) for p in (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)}
            if move_counts
            else None,
            "histogram": {str(value): count for value, count in sorted(Counter(move_counts).items())},
        }
    if json:
        print_json(
            {
                "mode": mode.value,
                "start": start,
                "deals": summary.deals,
                "winnable": summary.winnable,
                "share": round(summary.winnable / summary.deals, 6),
                "interval95": [round(low, 6), round(high, 6)],
                "stuck": summary.stuck,
                "optimal": optimal_part,
                "seconds": round(seconds, 3),
                "deals_per_second": round(counted / max(seconds, 1e-9), 1),
                **(extra or {}),
            }
        )
        return
    first, last = format_code(mode, start), format_code(mode, start + summary.deals - 1)
    rate = f"{counted / max(seconds, 1e-9):,.0f} deals/s"
    if counted == summary.deals:
        typer.echo(f"{summary.deals} deals {first} … {last} in {seconds:.1f} s ({rate})")
    elif counted == 0:
        typer.echo(f"{summary.deals} deals {first} … {last}, all counted before (read from the checkpoint)")
    else:
        typer.echo(f"{summary.deals} deals {first} … {last}; {counted} of them counted in {seconds:.1f} s ({rate})")
    typer.echo(
        f"winnable: {summary.winnable} ({summary.winnable / summary.deals:.2%}, 95 % interval {low:.2%} – {high:.2%})"
    )
    typer.echo(f"stuck at move 0: {summary.stuck} ({summary.stuck / summary.deals:.2%})")
    if optimal_part is not None and move_counts:
        percentiles = optimal_part["percentiles"]
        assert isinstance(percentiles, dict)
        typer.echo(
            f"fewest moves over {len(move_counts)} winnable deals: min {move_counts[0]}, "
            + ", ".join(f"{name} {value}" for name, value in percentiles.items())
            + f", max {move_counts[-1]}, mean {optimal_part['mean']}"
        )
        typer.echo(histogram(Counter(move_counts)))
