"""Hearts tables on the web: HTTP routes under `/api/hearts`, live play on `/ws/hearts/{id}`, the table service that
owns the running tables, and the Hearts pages (docs/hearts-web-api.md is the contract). `router.router` is what the
app includes."""
