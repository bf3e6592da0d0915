"""The Python face of one game: Game, readable positions (scenario), transcripts."""
