"""Hearts for four players: `engine` holds the rules (pure), `bots` the computer players."""
