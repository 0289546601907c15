"""Reading a server's `/metrics` answer (Prometheus's text format) in the tests and the benchmarks."""

from __future__ import annotations

import math

from prometheus_client.parser import text_string_to_metric_families


def metric_values(text: str) -> dict[str, float]:
    """Each sample of a `/metrics` answer by name (with its labels written as in the text format)."""
    values: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{name}="{value}"' for name, value in sorted(sample.labels.items()))
            values[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return values


def histogram_buckets(text: str, name: str) -> dict[float, float]:
    """The histogram `name` of a `/metrics` answer: its samples at or under each bound (cumulative), by bound."""
    buckets: dict[float, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == f"{name}_bucket":
                buckets[float(sample.labels["le"])] = sample.value
    return buckets


def histogram_between(before: dict[float, float], after: dict[float, float]) -> dict[float, float]:
    """The samples a histogram took between two readings of it (`histogram_buckets`), at or under each bound."""
    return {bound: after[bound] - before.get(bound, 0.0) for bound in after}


def bucket_bound(counts: dict[float, float], share: float) -> float:
    """The upper bound of the bucket holding the `share` quantile of a histogram's samples (cumulative counts by
    bound): 0.99 the p99's, 1.0 the largest sample's (`math.inf` past the last finite bound)."""
    return min(bound for bound, count in counts.items() if count >= share * counts[math.inf])
