"""Heart to Heart solver: winnability, fewest-moves solutions, hints, solvable deals."""
