"""Settings for the whole test suite.

``RIICHI_STRICT_AI=1``: an exception inside an AI's decision propagates instead of being logged and
answered with the fallback action (``ai.base.Agent.act``), so a bug in an AI fails its test. Set
at import time, before any test runs; a test that needs the forgiving behaviour unsets it with
``monkeypatch``.

``slow`` (registered in pyproject.toml): whole games and other tests over ~3 s, left out by
``pytest -m "not slow"`` (the quick run); ``make test`` runs everything. Tests in tests/app and
tests/ai/test_games.py, test_selfplay.py carry the decorator; the slow tests of the other
folders are named in ``SLOW`` below (node-id prefixes) so that their files stay as they are.
"""

import os

import pytest

os.environ.setdefault("RIICHI_STRICT_AI", "1")

SLOW = (
    "tests/replay/test_export.py::",
    "tests/replay/test_agari_vectors.py::test_S6_score_changes_match_deltas",
    "tests/replay/test_agari_vectors.py::test_every_tenhou_win_reproduced",
    "tests/replay/test_records.py::test_mjlog_games_export_to_tenhou6_and_read_back_the_same",
    "tests/replay/test_records.py::test_all_mjlog_games_parse_complete_with_the_corpus_counts",
    "tests/replay/test_export_game_points.py::",
    "tests/ai/test_advice.py::test_every_call_offered_in_a_game_is_explained_consistently",
    "tests/ai/test_levels.py::test_normal_declares_riichi_more_readily_than_hard",
    "tests/ai/test_value_routes.py::test_chanta_route_matches_brute_force",
    "tests/ai/test_value_routes.py::test_route_ukeire_counts_the_draws_that_bring_the_route",
    "tests/mjai/test_referee.py::",
    "tests/mjai/test_mjai_bot.py::test_four_bots_play_a_whole_game",
    "tests/mjai/test_mjai_bot.py::test_one_bot_among_engine_ais",
    "tests/mjai/test_mjai_client.py::test_selfplay_seats_accept_an_mjai_command",
    "tests/mjai/test_mjai_records.py::test_referee_logs_replay_through_our_engine",
    "tests/property/test_shanten_vs_mahjong.py::test_shanten_agrees_with_mahjong_on_crowded",
    "tests/property/test_random_games.py::test_illegal_actions_change_nothing",
    "tests/mjai/test_mjai_bot.py::test_kans_over_the_protocol",
    "tests/mjai/test_mjai_client.py::test_our_own_bot_as_an_external_program",
    "tests/mjai/test_mjai_client.py::test_external_bot_replays_like_the_in_process_one",
    "tests/mjai/test_mjai_client.py::test_a_failing_bot_is_replaced_and_the_player_told",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
