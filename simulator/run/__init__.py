"""Running experiments: seeds, seating, workers, the runner and the dataset writer, replay,
warm-up, bench and the ladder (an experiment whose variants are pairs of bots)."""
