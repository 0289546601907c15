"""Hearts for four players: `engine` holds the rules (pure), `bots` the computer players, `table` one table's seats
and rules, `tables` the tables a server runs."""
