"""Opponents: AIs that see only their seat's view and choose among the legal actions."""
