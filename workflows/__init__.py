"""The workflows over the runner, the analysis and the reports: balance, tune-bot, run-until,
the ladder, the sequential comparison's experiments, check and bench (docs/layers.md)."""
