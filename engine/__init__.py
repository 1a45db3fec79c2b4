"""The rules of riichi mahjong: tiles, hands, scoring and the game loop.

Standard library only; pure and deterministic for a given seed (the engine never prints, sleeps,
reads the clock or uses global randomness).

Glossary (romaji for mahjong terms, plain English for the rest):

- tile kind: one of 34 (0-8 man 1-9, 9-17 pin, 18-26 sou, 27-30 E S W N, 31-33 haku hatsu chun).
- tile: one of the 136 physical tiles, ``kind = tile // 4``; with red fives on, the lowest copies
  of a five are red (Tenhou's convention: 16, 52, 88 with one red per suit).
- mpsz: the text notation ``"123m0p55z"`` (0 = red five; z: 1-4 winds, 5 haku, 6 hatsu, 7 chun).
- shanten: how many tiles away from tenpai (-1 = a complete hand, 0 = tenpai).
- ukeire: the tiles (counted by copies still unseen) that lower shanten.
- han, fu: the two factors of a hand's value; dora: bonus tiles; furiten: a seat that may not ron.
- riichi, tsumo (self-drawn win), ron (win on a discard), chi, pon, kan: the declarations.
- seat: 0-3, absolute; seat 0 is East in the first round.
"""
