"""Lockdown's intruder bag: the family bag (rules.nemesis.bag) with Lockdown's tokens
and setup mix (or, with the crossover option, the original intruders' tokens)."""

from __future__ import annotations

from rules.lockdown.cards import content
from rules.nemesis.bag import IntruderBag
from rules.nemesis.library import species

BAG = IntruderBag.of(content().intruders.tokens, content().intruders.bag_start)
# LD-XOVER-1: the original intruders' tokens instead of the night stalkers', in the same
# starting mix
NEMESIS_BAG = IntruderBag.of(species().tokens, content().intruders.bag_start)
