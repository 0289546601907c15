"""`python -m heartcards …` runs the same command as `heartcards …`."""

from heartcards.cli import main

main()
