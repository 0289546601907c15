"""Heart to Heart on the web: the game API under `/api/h2h`, its pages, the running games and the solver service
(docs/h2h-web-api.md is the contract). `router.router` is what the app includes.

This package's `__init__` imports nothing: the solver's worker process imports `solver_worker` from here, and must
not pay for the web stack."""
