"""Heart to Heart: a Pyramid-family patience with an all-hearts deck laid out as a heart.

`engine` holds the rules (pure, no I/O); `solver` finds fewest-moves solutions and hints on top of it.
"""
