"""`avarium balance`: the search for the fewest, smallest card changes that bring every Idol
inside the band (docs/balance.md)."""
