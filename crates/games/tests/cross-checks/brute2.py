#!/usr/bin/env python3
"""Independent brute-force cross-check of six more side-bet definitions.

Written from docs/WAGERS.md alone (like brute.py); shares no code with the
implementation.  Every deal is a combination of DISTINCT PHYSICAL cards
(C(shoe size, cards) deals); each goes to the FIRST outcome whose condition
it meets, else `other`.  The rules, as WAGERS.md states them:

  suited  each group's ranks in a suit of its own (distinct suits); a group
          with "filled" takes fillers (wild jokers, the bug joker, and with
          deuces wild every deuce) for ranks it lacks, each filler used once
          (across all groups); with deuces wild a deuce is a filler, NEVER
          the 2 of its suit -- so an unfilled group naming "2" is never met,
          and a filled one always spends a filler on its 2.  An unfilled group
          takes no filler, the bug joker included.
  pairs   ranks held at least twice as dealt: deuces count as 2s, wild or not;
          the bug joker counts as an ace; a wild joker counts as nothing.
  wilds   wild jokers + the bug joker + (deuces wild) deuces.
  five-wilds   five FULLY wild cards: wild jokers and wild deuces, never the
          bug joker.
  sum     sum of values, the joker worth `joker`, reduced modulo M if given.

In the derivations below F = fillers, f = fillers in the hand, and
"naturals" = the other cards.  One deck + one joker, 4 cards: C(53,4) =
292,825 deals.

suited-wild-deuces (joker wild, deuces wild: F = 4 deuces + joker = 5,
  48 naturals).  Hands by f: f=0 C(48,4)=194,580; f=1 5xC(48,3)=86,480;
  f=2 10xC(48,2)=11,280; f=3 10x48=480; f=4 5.
  double-ace-king: two distinct suits s,t need A_s K_s A_t K_t less f fillers,
    i.e. every natural is an A or K and they lie in at most 2 suits:
    f=4: 5; f=3: 8x10 = 80; f=2: C(8,2)x10 = 280;
    f=1: (C(8,3) - 4x2^3 spanning 3 suits = 56 - 32 = 24) x5 = 120;
    f=0: A_s K_s A_t K_t, C(4,2) = 6.                           total    491
  natural-deuce: an unfilled group naming 2 under deuces wild             0
  ace-king-and-ace: natural A_t, suit s != t with A_s K_s missing <= f.
    f=3: natural ace 4x10 = 40; f=2: (C(48,2)-C(44,2) = 182)x10 = 1,820;
    f=1: the A/K naturals hold an ace and span >= 2 suits:
         2 of them: (28 - 4 suited - 6 king-king = 18) x 40 others = 720,
         3 of them: 56 - 4 all kings = 52; (720+52)x5 = 3,860;
    f=0: {A_s,K_s,A_t} + 1 of 40: 480, plus 4-subsets of the 8 A/K cards:
         6 with two suited pairs + 4x9 with one = 42;  522.   all: 6,242
    minus those already double-ace-king: 40 + 22x10 + 24x5 + 6 = 386   5,856
  ace-deuce: the 2 always spends a filler: f>=2 (11,765), or f=1 and a
    natural ace: 5x(C(48,3)-C(44,3)) = 5x4,052 = 20,260;  all 32,025;
    minus the earlier ones among them: 365 + 1,600 (f>=2) + 120 + 3,740
    (f=1, all hold an ace) = 5,825                                    26,200
  ace-king: f>=2, or f=1 with a natural A or K, or f=0 with A_s K_s; what
    the earlier outcomes leave: f=1 with a king and no ace
    5x(C(44,3)-C(40,3)) = 5x3,364 = 16,820; f=0 suited A-K
    (4xC(46,2)-6 = 4,134) less 6 + 516 already taken = 3,612        20,432
  other: 292,825 - 491 - 5,856 - 26,200 - 20,432                     239,846

suited-bug-joker (bug joker, deuces natural: the joker is the one filler).
  two-groups A-K and Q-J filled, in two suits: f=0 A_sK_sQ_tJ_t 4x3 = 12;
    f=1 any 3 of those 4 cards + joker 12x4 = 48                          60
  deuce-three (2 natural here): f=1 a natural 2 or 3: C(52,3)-C(44,3) =
    8,856; f=0 a suited 2-3: 4xC(50,2)-6 = 4,894                     13,750
  two-aces (unfilled, so the joker is no ace here): f=1, 2+ aces among 3
    naturals 6x48+4 = 292 less 6x8 with a 2 or 3 = 244; f=0: 2+ aces
    6xC(48,2)+4x48+1 = 6,961 less 6x4 with a suited 2-3 = 6,937       7,181
  ace-king filled: 13,750 (as deuce-three, by symmetry) less two-groups 60,
    less deuce-three's (3-sets with a 2/3 and an A/K: 22,100-2x13,244+7,140
    = 2,752, plus 4x4 suited pairs both = 2,768), less two-aces' (f=1: all
    244; f=0 with a suited A-K: 6x(1,128-1,035)+4x3 = 570)           10,108
  other: 292,825 - 60 - 13,750 - 7,181 - 10,108                      261,726

pairs-bug-deuces (bug joker = a 5th ace for pairs; deuces are 2s).
  two-pair: C(12,2)xC(4,2)^2 + 12xC(5,2)xC(4,2) = 2,376 + 720         3,096
  natural-pair (no deuce, no joker, so pairs = 1): from the 48 non-deuces
    12x6xC(11,2)x16 + 12x4x44 + 12 = 63,360 + 2,112 + 12             65,484
  joker-pair, pairs = 1 with the joker: joker + one ace + 2 unpaired
    non-aces 4x66x16 = 4,224; + a non-ace pair + kicker 12x6x44 = 3,168;
    + AA + x 6x48 = 288; + AAA 4; + non-ace trips 12x4 = 48             7,732
  deuce-pair (no joker, 2+ deuces, one pair): 6x66x16 + 4x48 + 1        6,529
  pair: one deuce, no joker, a pair among the other three:
    4x(12x6x44 + 12x4) = 12,864                                       12,864
  suited-ace-deuce (what is left has no pair: at most one deuce, and not
    the joker with an ace): joker + deuce + 2 of 11 ranks 4x55x16 = 3,520;
    deuce + natural ace + 2 of 11 ranks 4x4x55x16 = 14,080            17,600
  other: no pair at all, C(12,4)x256 + C(12,3)x64x5 = 197,120, less
    17,600                                                           179,520

pairs-wild-joker (wild joker pairs nothing; deuces are 2s).
  two-pair: 4 naturals C(13,2)x36 (the joker makes none)               2,808
  joker-pair: joker + 3 naturals with a pair 13x6x48 + 13x4           3,796
  joker-no-pair: joker + 3 ranks C(13,3)x64                           18,304
  deuce-pair: no joker, 2+ deuces, not two pair 6x66x16 + 4x48 + 1    6,529
  pair: no joker, pairs = 1: 13x6x66x16 + 13x4x48 + 13 = 84,877,
    less deuce-pair                                                   78,348
  other: C(13,4)x256                                                 183,040

wilds-bug-joker (5 of 53 = 2,869,685 deals; deuces wild, bug joker).
  five-wilds: only the 4 deuces are fully wild                             0
  five-wild-cards: 4 deuces + the bug joker                                1
  four-wild-cards: 4 deuces + 1 of 48, or 3 deuces + joker: 48 + 4x48    240
  joker-alone: joker + 4 of 48: C(48,4)                              194,580
  one-wild-card: one deuce + 4 of 48: 4xC(48,4)                      778,320
  two-or-three: 10xC(48,3) + 10xC(48,2)                              184,240
  other: C(48,5)                                                   1,712,304

sum-jokers (2 decks + 2 jokers, 3 of 106: C(106,3) = 192,920 deals).
  forty-plus (A 11, T-K 10, joker 20): two jokers + any of 104 = 104; one
    joker (2 ways) + two naturals summing >= 20: 10-10 C(32,2) = 496,
    10-A 32x8 = 256, A-A C(8,2) = 28, 9-A 8x8 = 64: 2x844 = 1,688    1,792
  joker-nine (baccarat values, joker 5, mod 10): one joker + naturals
    summing to 4 mod 10: 0-4 32x8, 1-3, 5-9, 6-8 3x64, 2-2, 7-7 2x28 = 504,
    x2 jokers = 1,008; two jokers + a 9: 8.  All 1,016 less the 8 with
    both jokers (already forty-plus; no one-joker forty-plus hand sums to
    9: 10-10 -> 5, 10-A -> 6, A-A -> 7, 9-A -> 5)                      1,008
  nine-or-zero (baccarat, joker 5, mod 10): one joker + naturals summing
    to 5: 0-5 32x8, 1-4, 2-3, 6-9, 7-8 4x64 = 512, x2 = 1,024 (none is
    forty-plus).  No joker, by z cards of value 0 (32 cards; values 1-9
    have 8 each): z=3 C(32,3) = 4,960 (sum 0); z=2 496x8 = 3,968 (sum 9);
    z=1 32x256 = 8,192 (sum 9: 1-8, 2-7, 3-6, 4-5) and 32x(256+28) = 9,088
    (sum 0: 1-9, 2-8, 3-7, 4-6, 5-5); z=0 value multisets (distinct 8^3,
    two alike 224, three alike 56) summing to 9 (3 distinct, 3 two-alike,
    3-3-3: 2,264), 19 (as 11: 5 and 5: 3,680), 10 and 20 (4 and 4 each:
    2,944 each): 5,944 + 5,888.  1,024 + 18,104 + 19,936               39,064
  paired-mixed-colours: one joker (never a colour) + a natural pair,
    2x13x28 = 728, less forty-plus's 2x5x28 = 280 and joker-nine's 2-2, 7-7
    2x2x28 = 112: 336.  No joker: pair + kicker 13x28x96 + trips 13x56 =
    35,672, less same colour 13x(12x48 + 8) = 7,592: 28,080; less those
    summing to 9 or 0 (pair value a, kicker b: 2,688 for 9, 5,376 for 0,
    trips of 3 and of 0-values 280; 3/14 of the pair + kicker ones and 1/7
    of the trips are of one colour: 8,344 - 1,728 - 40 = 6,576)
    336 + 28,080 - 6,576                                              21,840
  joker-or-low: the one-joker hands left, 2xC(104,2) = 10,712 less 1,688,
    1,008, 1,024, 336 = 6,656; no joker, sums 6-9 of 2s-5s: 2-2-2 56,
    2-2-3, 2-2-4, 2-3-3, 2-2-5 224 each, 2-3-4 512, 3-3-3 56 = 1,520, less
    the sums of 9 (792, nine-or-zero) and the mixed colours (all the rest
    are paired): one colour 2x4 + 3x(12x4) = 152.  6,656 + 152          6,808
  other: 192,920 - 1,792 - 1,008 - 39,064 - 21,840 - 6,808           122,408
"""
import json
import os
import sys
import time
from itertools import combinations, permutations
from math import comb
from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RED = {"d", "h"}


def shoe(decks, jokers):
    """Physical cards: (rank, suit, copy).  Joker: ('*', '*', copy)."""
    cards = [(r, s, d) for d in range(decks) for r in RANKS for s in SUITS]
    cards += [("*", "*", j) for j in range(jokers)]
    return cards


def n_jokers(h):
    return sum(1 for c in h if c[0] == "*")


def n_deuces(h):
    return sum(1 for c in h if c[0] == "2")


# ---------------------------------------------------------------- suited
def suited(h, groups, deuces_wild):
    """groups: [(ranks, filled)].  Some assignment of DISTINCT suits to the
    groups such that unfilled groups hold every rank naturally and the
    filled groups' missing ranks, added up, are at most the fillers."""
    fillers = n_jokers(h) + (n_deuces(h) if deuces_wild else 0)
    natural = {(c[0], c[1]) for c in h
               if c[0] != "*" and not (deuces_wild and c[0] == "2")}
    for suits in permutations(SUITS, len(groups)):
        need = 0
        for (ranks, filled), s in zip(groups, suits):
            miss = sum(1 for r in ranks if (r, s) not in natural)
            if miss and not filled:
                break
            need += miss
        else:
            if need <= fillers:
                return True
    return False


# ---------------------------------------------------------------- pairs / wilds
def pairs(h, joker_rule):
    ranks = [c[0] for c in h if c[0] != "*"]
    if joker_rule == "bug":
        ranks += ["A"] * n_jokers(h)
    return sum(1 for n in Counter(ranks).values() if n >= 2)


def wilds(h, deuces_wild):
    """Wild jokers, the bug joker, and wild deuces."""
    return n_jokers(h) + (n_deuces(h) if deuces_wild else 0)


def fully_wild(h, joker_rule, deuces_wild):
    return (n_jokers(h) if joker_rule == "wild" else 0) + \
        (n_deuces(h) if deuces_wild else 0)


def same_colour(h):
    return all(c[0] != "*" for c in h) and \
        len({c[1] in RED for c in h}) == 1


# ---------------------------------------------------------------- sums
BJ = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
      "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
BAC = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
       "T": 0, "J": 0, "Q": 0, "K": 0, "A": 1}


def total(h, values, joker, modulo=None):
    s = sum(joker if c[0] == "*" else values[c[0]] for c in h)
    return s % modulo if modulo else s


# ---------------------------------------------------------------- classifiers
AK, A, QJ = ("A", "K"), ("A",), ("Q", "J")


def classify_swd(h):          # joker wild, deuces wild
    if suited(h, [(AK, True), (AK, True)], True):
        return "double-ace-king"
    if suited(h, [(("2",), False)], True):
        return "natural-deuce"
    if suited(h, [(AK, True), (A, False)], True):
        return "ace-king-and-ace"
    if suited(h, [(("A", "2"), True)], True):
        return "ace-deuce"
    if suited(h, [(AK, True)], True):
        return "ace-king"
    return "other"


def classify_sbj(h):          # bug joker, deuces natural
    if suited(h, [(AK, True), (QJ, True)], False):
        return "two-groups"
    if suited(h, [(("2", "3"), True)], False):
        return "deuce-three"
    if suited(h, [(A, False), (A, False)], False):
        return "two-aces"
    if suited(h, [(AK, True)], False):
        return "ace-king"
    return "other"


def classify_pbd(h):          # bug joker, deuces wild
    p = pairs(h, "bug")
    if p == 2:
        return "two-pair"
    if p >= 1 and wilds(h, True) == 0:
        return "natural-pair"
    if p >= 1 and n_jokers(h) == 1:
        return "joker-pair"
    if p >= 1 and n_deuces(h) >= 2:
        return "deuce-pair"
    if p >= 1:
        return "pair"
    if suited(h, [(("A", "2"), True)], True):
        return "suited-ace-deuce"
    return "other"


def classify_pwj(h):          # wild joker, deuces wild
    p = pairs(h, "wild")
    j = n_jokers(h)
    if p == 2:
        return "two-pair"
    if j == 1 and p >= 1:
        return "joker-pair"
    if j == 1 and not p >= 1:
        return "joker-no-pair"
    if p >= 1 and n_deuces(h) >= 2:
        return "deuce-pair"
    if p >= 1:
        return "pair"
    return "other"


def classify_wbj(h):          # bug joker, deuces wild, 5 cards
    w = wilds(h, True)
    if fully_wild(h, "bug", True) >= 5:
        return "five-wilds"
    if w == 5:
        return "five-wild-cards"
    if w == 4:
        return "four-wild-cards"
    if w == 1 and n_jokers(h) == 1:
        return "joker-alone"
    if w == 1:
        return "one-wild-card"
    if 2 <= w <= 3:
        return "two-or-three"
    return "other"


def classify_sum(h):          # 2 decks, 2 wild jokers, deuces natural
    j = n_jokers(h)
    if total(h, BJ, 20) >= 40:
        return "forty-plus"
    if j != 0 and total(h, BAC, 5, 10) == 9:
        return "joker-nine"
    if total(h, BAC, 5, 10) in (9, 0):
        return "nine-or-zero"
    if pairs(h, "wild") >= 1 and not same_colour(h):
        return "paired-mixed-colours"
    if j == 1 or 6 <= total(h, BJ, 20) <= 9:
        return "joker-or-low"
    return "other"


JOBS = [
    ("suited-wild-deuces.json", 1, 1, 4, classify_swd,
     ["double-ace-king", "natural-deuce", "ace-king-and-ace", "ace-deuce", "ace-king"]),
    ("suited-bug-joker.json", 1, 1, 4, classify_sbj,
     ["two-groups", "deuce-three", "two-aces", "ace-king"]),
    ("pairs-bug-deuces.json", 1, 1, 4, classify_pbd,
     ["two-pair", "natural-pair", "joker-pair", "deuce-pair", "pair", "suited-ace-deuce"]),
    ("pairs-wild-joker.json", 1, 1, 4, classify_pwj,
     ["two-pair", "joker-pair", "joker-no-pair", "deuce-pair", "pair"]),
    ("wilds-bug-joker.json", 1, 1, 5, classify_wbj,
     ["five-wilds", "five-wild-cards", "four-wild-cards", "joker-alone",
      "one-wild-card", "two-or-three"]),
    ("sum-jokers.json", 2, 2, 3, classify_sum,
     ["forty-plus", "joker-nine", "nine-or-zero", "paired-mixed-colours", "joker-or-low"]),
]

# Hand-derived (see the docstring).
EXPECTED = {
    "suited-wild-deuces.json": {"double-ace-king": 491, "natural-deuce": 0,
                                "ace-king-and-ace": 5856, "ace-deuce": 26200,
                                "ace-king": 20432, "other": 239846},
    "suited-bug-joker.json": {"two-groups": 60, "deuce-three": 13750, "two-aces": 7181,
                              "ace-king": 10108, "other": 261726},
    "pairs-bug-deuces.json": {"two-pair": 3096, "natural-pair": 65484, "joker-pair": 7732,
                              "deuce-pair": 6529, "pair": 12864,
                              "suited-ace-deuce": 17600, "other": 179520},
    "pairs-wild-joker.json": {"two-pair": 2808, "joker-pair": 3796, "joker-no-pair": 18304,
                              "deuce-pair": 6529, "pair": 78348, "other": 183040},
    "wilds-bug-joker.json": {"five-wilds": 0, "five-wild-cards": 1, "four-wild-cards": 240,
                             "joker-alone": 194580, "one-wild-card": 778320,
                             "two-or-three": 184240, "other": 1712304},
    "sum-jokers.json": {"forty-plus": 1792, "joker-nine": 1008, "nine-or-zero": 39064,
                        "paired-mixed-colours": 21840, "joker-or-low": 6808, "other": 122408},
}


def check_definition(fname, decks, jokers, k, order):
    """The JSON file says the deal and the outcome ids this script assumes."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), fname)) as f:
        d = json.load(f)
    deal = d["deal"]
    assert (deal["decks"], deal.get("jokers", 0), deal["cards"]) == (decks, jokers, k), fname
    assert [o["id"] for o in d["outcomes"]] == order, fname


def main():
    for fname, decks, jokers, k, classify, order in JOBS:
        check_definition(fname, decks, jokers, k, order)
        t0 = time.perf_counter()
        cards = shoe(decks, jokers)
        assert len(cards) == 52 * decks + jokers
        counts = Counter(map(classify, combinations(cards, k)))
        n = sum(counts.values())
        assert n == comb(len(cards), k), (fname, n)
        assert set(counts) <= set(order) | {"other"}, (fname, counts)
        for o in order + ["other"]:
            print(f"{fname} {o} {counts.get(o, 0)}")
        assert list(EXPECTED[fname]) == order + ["other"], fname
        for o, want in EXPECTED[fname].items():
            assert counts.get(o, 0) == want, (fname, o, counts.get(o, 0), want)
        print(f"# {fname}: {n} deals, {time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
