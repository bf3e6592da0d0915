"""Skill tiers: a run's variants played at several levels of play, side by side.

variants.py finds a run's tiers, analyse.py sets them side by side (the verdicts across tiers,
the paired changes, why an Idol wins), gaps.py says how far apart an Idol's tiers are against
the band's width, settled.py whether an Idol's verdict has stopped moving with the strength
of play, play.py how each tier plays, and expelled.py whom the table turns on
first at three and four players.
"""
