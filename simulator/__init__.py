"""The game itself: the card language (cards/), the rules engine (engine/), the Python face of
one game (api, scenario, transcript), and running experiments (run/)."""
