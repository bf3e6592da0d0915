"""Expert iteration (`avarium train`): self-play games of the strongest search, a learned
evaluation fitted to who won them, and the next generation searching with it (selfplay, fit,
generations)."""

# The most generations one command trains: each costs a self-play run and a fit, so more than
# this is a typo, not a plan.
MAX_GENERATIONS = 50
