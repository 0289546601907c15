"""The Hearts table server: the tables a server runs (create, seat, act, save, sweep), their computer players'
decisions in worker processes, the state each seat is sent, and with several servers the tables' leases and the
relay between servers. No web framework: `heartcards.web.hearts` is its HTTP and socket adapter."""
