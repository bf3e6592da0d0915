"""Skill tiers on a page: sections.py writes a run's Skill tiers and Why an Idol wins sections,
play.py how each tier plays (for a run's report and `avarium balance`'s page alike).
"""
