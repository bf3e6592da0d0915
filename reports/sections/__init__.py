"""The sections of a run's report, by topic: wins.py (Idols, flags, matchups, seats, strength),
games.py (length, reasons, placements), cards.py (card impact) and variants.py. report.py
orders them.
"""
