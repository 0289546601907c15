"""What a server process runs on besides HTTP, shared by the web app and the Hearts tables: the clock, settings,
who a client is for fairness, counters and quotas, metrics, log lines, the Redis link and worker processes."""
