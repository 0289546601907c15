"""Reading a server's `/metrics` answer (Prometheus's text format) in the tests and the benchmarks."""

from __future__ import annotations

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
