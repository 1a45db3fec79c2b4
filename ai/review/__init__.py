"""The reviewer: grades every decision of a seat by playing the position out many times from
sampled hidden tiles (``engine.sample``) with a fast rollout policy (``policy``), per option with
common random numbers (``rollout``), and turns the values into grades and categories
(``grades``). ``review`` walks a whole game (ours or an imported record)."""
