"""Expert iteration (`avarium train`): self-play games of the strongest search, a learned
evaluation fitted to who won them, and the next generation searching with it (selfplay, fit,
generations)."""
