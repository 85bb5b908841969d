"""Applications that run a tournament day at the arbiter's desk, above the pairing systems."""
