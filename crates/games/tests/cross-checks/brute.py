#!/usr/bin/env python3
"""Independent brute-force cross-check of four side-bet definitions.

Written from docs/WAGERS.md alone; shares no code with the implementation.
Every deal is a combination of DISTINCT PHYSICAL cards: a D-deck shoe holds
D physical copies of each of the 52 card types (+ physical jokers), so the
number of deals is C(shoe size, cards).  Each deal goes to the FIRST outcome
whose condition it meets, else `other`.

Hand derivations (asserted at the end against the brute-force counts):

six-deck-pairs (312 cards, C(312,2) = 48,516 deals):
  perfect  : same card type: 52 types x C(6,2) = 52 x 15              =    780
  coloured : same rank, other suit of same colour: per rank 2 colours
             x 6 x 6 = 72, x 13 ranks                                  =    936
  mixed    : same rank, suits of different colours: per rank
             2 red suits x 2 black suits x 6 x 6 = 144, x 13           =  1,872
             (check: per rank C(24,2) = 276 = 60 + 72 + 144)
  other    : 48,516 - 780 - 936 - 1,872                                = 44,928

twentyone-plus-three, 2 decks (104 cards, C(104,3) = 182,104 deals):
  suited-three-of-a-kind: needs 3 copies of one card type, but a 2-deck
             shoe holds only 2: 52 x C(2,3) = 52 x 0                   =      0
  (further, not asked but checked:)
  straight-flush : 12 rank runs (A23 .. QKA) x 4 suits x 2^3           =    384
  three-of-a-kind: 13 x C(8,3) = 13 x 56 (none suited, see above)      =    728
  straight       : 12 x 8^3 - 384                                      =  5,760
  flush          : 4 x C(26,3) - 384 = 10,400 - 384                    = 10,016
  other          : 182,104 - 384 - 728 - 5,760 - 10,016                = 165,216

baccarat-naturals, 2 decks (C(104,2) = 5,356): value 0 has 32 cards,
  values 1..9 have 8 cards each.
  natural-9 : (0,9) 32x8 + (1,8),(2,7),(3,6),(4,5) 4 x 64              =    512
  natural-8 : (0,8) 256 + (1,7),(2,6),(3,5) 192 + (4,4) 28 + (9,9) 28  =    504
  suited-pair: 52 identical pairs minus the 8 of rank 4 or 9 (sum 8)   =     44
  any-pair  : 11 ranks (not 4, 9) x C(8,2) - 44 = 308 - 44             =    264
  other     : 5,356 - 512 - 504 - 44 - 264                             =  4,032

four-card-wild (52 + joker, C(53,4) = 292,825):
  no joker (C(52,4) = 270,725): quads 13; trips 13x4x48 = 2,496;
     two pair C(13,2)x36 = 2,808; JoB pair 4 ranks x 6 x C(12,2) x 16 = 25,344
  joker + 3 naturals (C(52,3) = 22,100): natural trips -> quads 52;
     natural pair + kicker -> trips 13x6x48 = 3,744; two pair impossible;
     3 distinct ranks: 286 x 64 = 18,304, of which JoB (some card >= J)
     18,304 - C(9,3)x64 = 18,304 - 5,376 = 12,928; holds-joker 5,376
  totals: four-of-a-kind 65, three-of-a-kind 6,240, two-pair 2,808,
     pair-of-jacks-or-better 38,272, holds-joker 5,376, other 240,064
"""
from itertools import combinations
from math import comb
from collections import Counter

RANKS = "23456789TJQKA"           # index 0..12, ace high = 12
SUITS = "cdhs"                    # clubs, diamonds, hearts, spades
RED = {"d", "h"}
JOKER = ("*", "*")


def shoe(decks, jokers):
    """Physical cards: (rank, suit, copy).  Joker: ('*', '*', copy)."""
    cards = [(r, s, d) for d in range(decks) for r in RANKS for s in SUITS]
    cards += [("*", "*", j) for j in range(jokers)]
    return cards


def same_rank(h):
    return all(c[0] != "*" for c in h) and len({c[0] for c in h}) == 1


def same_suit(h):
    return all(c[0] != "*" for c in h) and len({c[1] for c in h}) == 1


def colour(c):
    return "red" if c[1] in RED else "black"


def same_colour(h):
    return all(c[0] != "*" for c in h) and len({colour(c) for c in h}) == 1


# ---------------------------------------------------------------- 21+3
def three_card_straight(h):
    """Three consecutive distinct ranks; ace high (Q-K-A) or low (A-2-3)."""
    idx = sorted(RANKS.index(c[0]) for c in h)
    if len(set(idx)) != 3:
        return False
    if idx[2] - idx[0] == 2:
        return True
    return idx == [0, 1, 12]      # A-2-3


def classify_21p3(h):
    if same_rank(h) and same_suit(h):
        return "suited-three-of-a-kind"
    st, fl = three_card_straight(h), same_suit(h)
    if st and fl:
        return "straight-flush"
    if same_rank(h):
        return "three-of-a-kind"
    if st:
        return "straight"
    if fl:
        return "flush"
    return "other"


# ---------------------------------------------------------------- baccarat
BAC = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
       "T": 0, "J": 0, "Q": 0, "K": 0, "A": 1}


def classify_bac(h):
    s = sum(BAC[c[0]] for c in h) % 10
    if s == 9:
        return "natural-9"
    if s == 8:
        return "natural-8"
    if same_rank(h) and same_suit(h):
        return "suited-pair"
    if same_rank(h):
        return "any-pair"
    return "other"


# ---------------------------------------------------------------- four-card wild
# "can form": the joker (wild, deuces natural) may be played as ANY of the 52
# card types (a duplicate included); the hand can form HAND if some choice
# does.  With 4 cards only rank-multiplicity hands matter here.
def nat_forms(ranks, hand):
    cnt = sorted(Counter(ranks).values(), reverse=True)
    if hand == "four":
        return cnt[0] >= 4
    if hand == "three":
        return cnt[0] >= 3
    if hand == "twopair":
        return len(cnt) >= 2 and cnt[0] >= 2 and cnt[1] >= 2
    if hand == "job":  # a pair whose rank is at least J
        return any(n >= 2 and RANKS.index(r) >= RANKS.index("J")
                   for r, n in Counter(ranks).items())
    raise ValueError(hand)


def can_form(h, hand):
    nat = [c[0] for c in h if c[0] != "*"]
    nj = len(h) - len(nat)
    if nj == 0:
        return nat_forms(nat, hand)
    assert nj == 1
    # suit is irrelevant for these hands, so trying every rank == trying all 52 cards
    return any(nat_forms(nat + [r], hand) for r in RANKS)


def classify_fcw(h):
    if can_form(h, "four"):
        return "four-of-a-kind"
    if can_form(h, "three"):
        return "three-of-a-kind"
    if can_form(h, "twopair"):
        return "two-pair"
    if can_form(h, "job"):
        return "pair-of-jacks-or-better"
    if sum(1 for c in h if c[0] == "*") == 1:
        return "holds-joker"
    return "other"


# ---------------------------------------------------------------- six-deck pairs
def classify_6dp(h):
    if same_rank(h) and same_suit(h):
        return "perfect"
    if same_rank(h) and same_colour(h):
        return "coloured"
    if same_rank(h):
        return "mixed"
    return "other"


JOBS = [
    ("twentyone-plus-three.json", 2, 0, 3, classify_21p3,
     ["suited-three-of-a-kind", "straight-flush", "three-of-a-kind", "straight", "flush"]),
    ("baccarat-naturals.json", 2, 0, 2, classify_bac,
     ["natural-9", "natural-8", "suited-pair", "any-pair"]),
    ("four-card-wild.json", 1, 1, 4, classify_fcw,
     ["four-of-a-kind", "three-of-a-kind", "two-pair", "pair-of-jacks-or-better", "holds-joker"]),
    ("six-deck-pairs.json", 6, 0, 2, classify_6dp,
     ["perfect", "coloured", "mixed"]),
]

EXPECTED = {
    "six-deck-pairs.json": {"perfect": 780, "coloured": 936, "mixed": 1872, "other": 44928},
    "twentyone-plus-three.json": {"suited-three-of-a-kind": 0, "straight-flush": 384,
                                  "three-of-a-kind": 728, "straight": 5760,
                                  "flush": 10016, "other": 165216},
    "baccarat-naturals.json": {"natural-9": 512, "natural-8": 504, "suited-pair": 44,
                               "any-pair": 264, "other": 4032},
    "four-card-wild.json": {"four-of-a-kind": 65, "three-of-a-kind": 6240, "two-pair": 2808,
                            "pair-of-jacks-or-better": 38272, "holds-joker": 5376,
                            "other": 240064},
}


def main():
    for fname, decks, jokers, k, classify, order in JOBS:
        cards = shoe(decks, jokers)
        assert len(cards) == 52 * decks + jokers
        counts = Counter()
        total = 0
        for h in combinations(cards, k):
            counts[classify(h)] += 1
            total += 1
        assert total == comb(len(cards), k), (fname, total)
        assert sum(counts.values()) == total
        for o in order + ["other"]:
            print(f"{fname} {o} {counts.get(o, 0)}")
        got = {o: counts.get(o, 0) for o in order + ["other"]}
        assert got == EXPECTED[fname], (fname, got, EXPECTED[fname])


if __name__ == "__main__":
    main()
