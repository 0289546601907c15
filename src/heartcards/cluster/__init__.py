"""`heartcards stats` on a cluster: deal-number chunks counted by Dask workers, checkpointed, resumable, verifiable.

An edge package (it does network and file I/O) above the solver, whose per-chunk count
(`heartcards.heart_to_heart.solver.stats.count_chunk`) every worker runs. Needs the `cluster` extra (Dask distributed).
"""
