"""Planet Unknown: the generic encoding, with a larger legal-list action space.

Tile placements (positions x orientations x the tiles on offer) reach 940 legal actions in random play (20 games per
player count, 1-6 players); 2048 slots leave room. Should a state ever exceed them, the env raises
ActionOverflowError by default (see brassboard.rl.actions), so it can never go unnoticed.
"""

MAX_ACTIONS = 2048
