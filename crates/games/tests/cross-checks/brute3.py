#!/usr/bin/env python3
"""Independent brute-force cross-check of `same-value` (three definitions).

Written from docs/WAGERS.md alone ("A definition", "Conditions"), like
brute.py and brute2.py; shares no code with the implementation and reads no
Rust.  It reads the JSON files and interprets exactly the conditions they use
(`forms`, `same-value`, `jokers`, `all`, `not`; anything else is refused).
Every deal is a combination of DISTINCT PHYSICAL cards of one deck and the
joker (C(53,5) = 2,869,685 or C(53,4) = 292,825 deals); each goes to the
FIRST outcome whose condition it meets, else `other`.  For speed, deals are
grouped by their suits renamed in order of appearance (nothing here reads a
suit by name), and each group is classified once and weighted by its size.

THE POKER VALUE, as WAGERS.md states it (`evaluate`)
  value = (hand, ranks played).  Hands, best first: five wilds, royal flush,
  five of a kind, straight flush, four of a kind, full house, flush,
  straight, three of a kind, two pair, pair, high card (the `forms` list).
  Ranks: five of a kind its rank; straight and straight flush the top card,
  A-2-3-4-5 five-high (only with `ace: high-or-low`; with `high-only` it is
  no straight); flush its five ranks from the highest; 4K, FH, 3K, 2P, pair,
  high card the ranks grouped (most cards of a rank first, the higher rank
  first among equals, kickers included); royal and five wilds nothing more.
  The best hand is the largest value over every way of playing the cards:
  - a fully wild card (a wild joker; a deuce with `deuces: wild`) is any
    rank, repeats allowed outside flushes (five of a kind exists in one deck);
  - in a flush or straight flush every natural card shares one suit and each
    wild card plays a DIFFERENT rank that suit's natural cards lack ("one
    deck holds no card twice": K♥ 9♥ 7♥ 4♥ + wild is A K 9 7 4, not A A ...);
  - the bug joker is an ace (in every hand: A A A A + bug = five aces), or
    any rank where it completes a straight, or (like a wild card, a rank the
    suit lacks) any card of a flush or straight flush;
  - five wilds: five fully wild cards (the bug joker is not fully wild);
  - fewer than five cards: all of them are played, and (my reading) only the
    hands of that many cards exist: four of a kind (its rank alone), three of
    a kind, two pair, pair, high card -- no straight, flush, full house.
  `same-value RULES`: value under the deal's rules == value under the deal's
  rules with RULES' keys replaced.
  `forms HAND`: checked under two readings, "the best hand is HAND" and
  "some way of playing the cards is HAND"; the files are ordered so that
  they agree (every `forms X` line follows lines catching every hand above
  X, so a deal reaching it forms X exactly when its best hand is X), and
  main asserts the two readings give the same counts.

Notation: Jk the joker; "wild" / "natural" etc. say the rules compared.
The example hands below are checked by check_examples() on every run.

=== same-value-deuces.json: 5 of 53, joker wild, deuces wild (DJ Wild's
    deal); every `same-value` is {"deuces": "natural"} (the joker stays wild)
 five-wilds        in: 2c 2d 2h 2s Jk, five fully wild cards.  not: 2c 2d 2h
                   2s As, four wilds and a natural ace: the deuces play K Q J
                   T of spades, a royal flush (above five aces) -> royal-flush.
 royal-deuces-natural  in: Ah Kh Qh Jh Jk, the joker the Th: a royal either
                   way (no deuce).  not: Ah Kh Qh Jh 2c, a royal with the
                   deuce wild, A K Q J 2 high card natural -> royal-flush.
 royal-flush       in: Ah Kh Qh Jh 2c (above).  not: Ah Kh Qh Jh 9h, a
                   natural flush A K Q J 9 -> flush-natural.
 five-same         in: Kc Kd Kh Ks Jk, five kings either way (the joker
                   stays wild).  not: Kc Kd Kh Ks 2c, five kings wild, four
                   kings and a 2 natural -> five-of-a-kind.
 five-of-a-kind    in: Kc Kd Kh Ks 2c; 9s 2c 2d 2h 2s (five nines: the 9
                   can be in no royal, and the K-high straight flush ranks
                   below five of a kind).  not: Ts 2c 2d 2h 2s, a royal.
 straight-flush-same  in: Ah 2h 3h 4h 5h, the wild 2h can do no better than
                   the 2h (A 3 4 5 6 is no straight): five-high either way;
                   Ah 2h 3h 4h Jk, the joker the 5h either way.  not: 2h 3h
                   4h 5h 6h, seven-high wild (the 2h as the 7h), six-high
                   natural -> straight-flush.
 straight-flush    in: 2h 3h 4h 5h 6h; Ah 3h 4h 5h 2c (the wild 2c plays the
                   2h: hearts lack it; natural it is a five-high straight).
                   not: 9h Th Jh Qh Kh, natural, the same -> -same.
 four-same         in: Qc Qd Qh Jk 7s, four queens and a 7 either way.  not:
                   Qc Qd Qh 2s 7s, four queens wild, three queens 7 2
                   natural -> four-of-a-kind.
 four-of-a-kind    in: Qc Qd Qh 2s 7s.  not: Qc Qd 7s 7c 2h, queens full of
                   sevens -> full-house (one wild and two pair).
 full-house        in: Qc Qd 7s 7c 2h; Qc Qd Qh 7s 7c.  not: Qc Qd Qh 2s 7s
                   (four queens).
 flush-natural     in: Kh 9h 7h 4h 3h, no wild card.  not: Kh 9h 7h 4h 2h
                   (the docs' hand: A K 9 7 4 wild, K 9 7 4 2 natural) and
                   Kh 9h 7h 4h Jk (`jokers 0` fails) -> flush.
 flush             in: Kh 9h 7h 4h 2h; Kh 9h 7h 4h Jk.  not: Kh 9h 7h 4h 3c,
                   king high, no deuce -> unchanged.
 straight-same     in: As 2c 3d 4h 5s (the docs' hand, five-high either way);
                   Ah 2c 3d 4s Jk (natural: the joker the 5; wild: A 3 4 and
                   two wilds, still five-high).  not: 2c 3d 4h 5s 6s, seven-
                   high wild, six-high natural -> straight.
 straight          in: 2c 3d 4h 5s 6s.  not: 8c 9d Th Js Qs (-same).
 three-of-a-kind   in: Kc Kd 9h 4s 2c (the deuce a king).  not: Kc 9d 7h 4s
                   2c, a pair of kings -> other.
 unchanged         in: Kc Kd 9h 4s 3c (no deuce: nothing changes); Kc 9d 7h
                   4s Jk (a pair of kings either way).  not: Kc 9d 7h 4s 2c,
                   pair of kings wild, king high natural -> other.

=== same-value-bug-joker.json: 5 of 53, the bug joker, deuces natural, ace
    high-or-low; `same-value` with {"ace": "high-only"}, {"joker": "wild"},
    {"joker": "wild", "ace": "high-only"}, {"joker": "wild", "deuces": "wild"}
 royal-flush       in: Ah Kh Qh Th Jk (the joker the Jh).  not: Ac Ad Ah As
                   Jk -> five-aces.
 five-aces         in: Ac Ad Ah As Jk.  not: Kc Kd Kh Ks Jk, the joker an
                   ace: four kings, ace kicker -> four-of-a-kind.
 wheel-flush       in: Ah 2h 3h 4h 5h (ace high only: a flush A 5 4 3 2);
                   Ah 3h 4h 5h Jk (the joker the 2h; ace high only the flush
                   A K 5 4 3).  not: 2h 3h 4h 5h Jk, the joker the 6h: six-
                   high either way -> straight-flush.
 straight-flush    in: 2h 3h 4h 5h Jk.  not: 3h 4h 5h 7h 9h -> flush.
 four-same-joker   in: Ac Ad Ah Jk 7s (four aces and a 7 either way); Kc Kd
                   Kh Ks 7s.  not: Kc Kd Kh Ks Jk (four kings and an ace; five
                   kings wild) -> four-of-a-kind.
 four-of-a-kind    in: Kc Kd Kh Ks Jk.  not: Kc Kd Kh Jk 7s, three kings A 7
                   (four kings wild) -> three-of-a-kind.
 full-house-same   in: Ac Ad Jk 7s 7c, aces full of sevens either way.  not:
                   Ac Jk 7s 7c 7d, sevens full of aces, four sevens wild.
 full-house        in: Ac Jk 7s 7c 7d.  not: Kc Kd Jk 7s 7c, kings and sevens
                   with an ace -> two-pair.
 flush             in: Kh 9h 7h 4h Jk (the joker the Ah).  not: Kh 9h 7h 4h
                   3c -> other.
 straight-unchanged  in: 9c Td Jh Qs Jk (king-high both ways); 2c 3d 4h 5s Jk
                   (the joker the 6: six-high both ways).  not: Ac 2d 3h 4s
                   Jk, five-high (the joker the 5), and with the ace high only
                   no straight, a pair of aces -> straight.
 straight          in: Ac 2d 3h 4s Jk; Ac 2d 3h 4s 5s.  not: 9c Td Jh Qs Jk.
 trips-all-wild    in: Kc Kd Kh 9s 4c; Ac Ad Jk 9s 4c (three aces 9 4 either
                   way).  not: Kc Kd Kh 9s 2c, four kings with deuces wild ->
                   three-of-a-kind.
 three-of-a-kind   in: Kc Kd Kh 9s 2c; Kc Kd Kh Jk 7s.  not: Kc Kd 9h 4s Jk,
                   kings with A 9 4 -> pair-changed.
 joker-as-ace      in: Ac Jk 9d 7h 4s, aces with 9 7 4 either way.  not: Kc
                   Jk 9d 7h 4s, ace high bug, kings wild -> other.
 two-pair          in: Ac Jk 9d 9h 4s (aces and nines; three nines wild).
                   not: Kc Kd 9h 4s Jk -> pair-changed.
 pair-changed      in: Kc Kd 9h 4s Jk (kings A 9 4; three kings wild).  not:
                   Kc Kd 9h 4s 3c, no joker -> pair.
 pair              in: Kc Kd 9h 4s 3c.  not: Kc Qd 9h 4s 3c -> other.

=== same-value-four-cards.json: 4 of 53, joker wild, deuces natural;
    `same-value` with {"joker": "bug"} and {"deuces": "wild"}
 four-same-bug     in: Ac Ad Ah Jk; Kc Kd Kh Ks.  not: Kc Kd Kh Jk, three
                   kings and an ace with the bug -> four-of-a-kind.
 four-of-a-kind    in: Kc Kd Kh Jk.  not: Kc Kd Kh 7s -> trips-same-deuces.
 trips-same-deuces in: Kc Kd Kh 7s; Kc Kd Jk 7s.  not: Kc Kd Kh 2s, four kings
                   with deuces wild -> three-of-a-kind.
 three-of-a-kind   in: Kc Kd Kh 2s.  not: Kc Kd 7h 7s -> two-pair.
 two-pair          in: Kc Kd 7h 7s.  not: Kc Kd 7h 2s -> pair-same-bug.
 pair-same-bug     in: Kc Kd 7h 2s (no joker); Ac Jk 9d 4h (aces 9 4 either
                   way).  not: Kc Jk 9d 4h, kings wild, A K 9 4 bug.
 pair-same-deuces  in: Kc Jk 9d 4h (no deuce).  not: Kc Jk 9d 2h, three kings
                   with deuces wild -> pair.
 pair              in: Kc Jk 9d 2h.  not: Kc Qd 9h 4s -> high-same-deuces.
 high-same-deuces  in: Kc Qd 9h 4s; 6h 5h 4h 3h (four cards: no straight, no
                   flush).  not: Kc Qd 9h 2s, kings with deuces wild -> other.

HAND DERIVATIONS (every line; the brute force must and does agree)
Common: W = fully wild cards in the hand.  "Window sets": sets of distinct
ranks lying in five consecutive ranks (A low counts where the ace may be).
 4-sets of the 12 ranks 3..A in a window: 4 in a row 9 + span 4 (8 x 3) 24
   + {A,3,4,5} = 34.  3-sets of 3..A: spans <= 4: 6 x 8 + 3 + 1 = 52, + A
   with two of {3,4,5}: 3 = 55.  2-sets of 3..A: 11+10+9+8 + 3 = 41.
 4-sets of all 13 ranks in a window: 10 + 9 x 3 + 4 with the ace low = 41;
   of the 12 ranks 2..K: 9 + 8 x 3 = 33.

same-value-deuces (5 wild cards: 4 deuces + joker; 48 naturals 3..A):
 five-wilds 1.  Royals: f wilds + 5-f of one suit's T-A (four wilds and a
   T-A natural is a royal, above five of a kind): 4 + 4x5x5 + 4x10x10 +
   4x10x10 + 4x5x5 = 1,004; the same with deuces natural: no deuce, the
   joker filling: 4 + 20 = 24 (royal-deuces-natural); royal-flush 980.
 Five of a kind: 1 wild + quads 12x5 = 60; 2 + trips 12x4x10 = 480; 3 + pair
   12x6x10 = 720; 4 + one of 3..9 7x4x5 = 140: 1,400.  Same natural: quads +
   joker 12 (five-same); five-of-a-kind 1,388.
 Straight flushes (not royal): W=0 tops 7..K 7x4 = 28; W=1 (34-5 royal sets)
   x4x5 = 580; W=2 (55-10)x4x10 = 1,800; W=3 (41-10)x4x10 = 1,240: 3,648.
   Same natural: no deuce: 28 + joker (34-5)x4 = 116; natural A2345 suited
   4; joker + deuce + A and two of 3,4,5 suited (the joker the missing one
   natural, five-high wild too) 3x4 = 12: 160; straight-flush 3,488.
 Four of a kind: W=0 12x44 = 528; W=1 trips 12x4x44x5 = 10,560; W=2 pair
   12x6x44x10 = 31,680; W=3 two naturals of two ranks, not a straight flush
   (66x16 - 41x4)x10 = 8,920: 51,688.  Same natural: no deuce (a deuce always
   improves them): 528 + joker 12x4x44 = 2,640; four-of-a-kind 49,048.
 full-house: W=0 12x4x11x6 = 3,168; W=1 + two pair 66x36x5 = 11,880: 15,048.
 Flush: W=0 (C(12,5)-8)x4 = 3,136; W=1 (495-34)x4x5 = 9,220; W=2
   (220-55)x4x10 = 6,600: 18,956.  flush-natural: W=0 3,136 (a deuce always
   plays higher wild); flush 15,820.
 Straight: W=0 8x1,020 = 8,160; W=1 34x252x5 = 42,840; W=2 55x60x10 =
   33,000: 84,000.  Same natural: no deuce 8,160 + joker 34x252 = 8,568; a
   deuce in A2345, A345 not of one suit (else a straight flush wild):
   252x4 = 1,008; joker + deuce + A and two of 3,4,5, those three not of one
   suit: 3x60x4 = 720: 18,456; straight 65,544.
 three-of-a-kind: W=0 12x4x55x16 = 42,240; W=1 + one pair 12x6x55x16x5 =
   316,800; W=2 + three ranks in no window, not suited 165x60x10 = 99,000:
   458,040.
 unchanged (no deuce, two pair or less): two pair 66x36x40 = 95,040; pair
   12x6x165x64 = 760,320; high 784x1,020 = 799,680; joker + four ranks in
   no window, not suited 461x252 = 116,172: 1,771,212.
 other: one deuce, four naturals of no window, not suited 4x461x252 =
   464,688.  Sum 2,869,685.

same-value-bug-joker (bug joker; deuces natural):
 royal-flush 4 + 4x5 = 24.  five-aces 1 (A A A A + joker).
 wheel-flush: A2345 suited 4 + the joker for one of 2,3,4,5 4x4 = 20 (the
   joker with 2345 plays the 6: no wheel).  straight-flush: tops 6..K 8x4 =
   32 + joker (41 - 5 royal - 4 ace-low sets) x4 = 128: 160.
 four-same-joker: quads + natural 13x48 = 624, AAA + joker + x 4x48 = 192:
   816.  four-of-a-kind: non-ace quads + joker 12.
 full-house-same: natural 3,744 + AA, joker, pair 6x12x6 = 432: 4,176.
   full-house: A, joker, non-ace trips 4x12x4 = 192 (four of a kind wild).
 flush: 5,108 + joker (715-41)x4 = 2,696: 7,804.
 straight-unchanged: tops 6..A 9x1,020 = 9,180 + joker (41 - 4 ace-low)
   x252 = 9,324: 18,504.  straight: A2345 1,020 + 4x252 = 2,028.
 Three of a kind (bug): natural 13x4x66x16 = 54,912; AA + joker + 2 ranks
   6x66x16 = 6,336; non-ace trips + joker + x 12x4x44 = 2,112 (the joker the
   ace kicker).  trips-all-wild: no deuce and not the last kind: 12x4x55x16
   = 42,240 + 6x55x16 = 5,280: 47,520; three-of-a-kind 15,840.
 joker-as-ace: A + joker + three non-ace ranks not in a window with the A
   (C(12,3) - 4 - 4) x 252 = 53,424.
 two-pair: natural 123,552 + A, joker, pair, x 4x72x44 = 12,672 + joker
   and two non-ace pairs 66x36 = 2,376: 138,600.
 pair-changed: joker + non-ace pair + two ranks 12x6x55x16 = 63,360.
 pair: natural 13x6x220x64 = 1,098,240.
 other: natural high 1,302,540 + joker + four non-ace ranks in no window
   (495-33)x252 = 116,424: 1,418,964.  Sum 2,869,685.

same-value-four-cards (4 of 53, joker wild, deuces natural):
 four-same-bug: quads 13 + AAA + joker 4 = 17; four-of-a-kind 12x4 = 48.
 trips-same-deuces: no deuce: 12x4x44 + 12x6x44 (pair + joker) = 5,280;
   three-of-a-kind: 13x4x48 + 13x6x48 - 5,280 = 960.
 two-pair: 78x36 = 2,808.
 pair-same-bug: natural 13x6x66x16 = 82,368 + A, joker, two ranks 4x66x16 =
   4,224: 86,592.  pair-same-deuces: joker + three of 3..K C(11,3)x64 =
   10,560.  pair: joker + a deuce + two of 3..K 4x55x16 = 3,520.
 high-same-deuces: four of 3..A 495x256 = 126,720.
 other: a deuce + three of 3..A 4x220x64 = 56,320.  Sum 292,825.

Run: python3 brute3.py > out (about 2.5 minutes on this 2-core machine).
"""
import json
import os
import sys
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ["same-value-deuces.json", "same-value-bug-joker.json", "same-value-four-cards.json"]

# Cards: 0..51 are rank * 4 + suit (rank 0 = '2', ..., 8 = 'T', 12 = 'A'); 52 the joker.
JOKER = 52
RANKS = "23456789TJQKA"
ACE, FIVE = 12, 3

# Hands, lowest first: the order of the `forms` list reversed (five wilds the best).
HANDS = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
         "full-house", "four-of-a-kind", "straight-flush", "five-of-a-kind",
         "royal-flush", "five-wilds"]
CAT = {h: i for i, h in enumerate(HANDS)}
(HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH,
 FIVE_KIND, ROYAL, FIVE_WILDS) = range(12)

DEFAULT_RULES = {"joker": "wild", "deuces": "natural", "ace": "high-or-low"}


def straight_top(ranks, ace_low):
    """Five ranks: the top card of the straight they make, else None.
    A-2-3-4-5 is five-high, and only where the ace plays low."""
    s = set(ranks)
    if len(s) != 5:
        return None
    if max(s) - min(s) == 4:
        return max(s)
    if ace_low and s == {ACE, 0, 1, 2, 3}:
        return FIVE
    return None


def grouped(ranks):
    """The ranks grouped: most cards of a rank first, the higher rank first among
    equals; returns (counts, ranks) e.g. K K 7 7 4 -> ((2, 2, 1), (K, 7, 4))."""
    c = Counter(ranks)
    order = sorted(c, key=lambda r: (c[r], r), reverse=True)
    return tuple(c[r] for r in order), tuple(order)


def rank_value(ranks, ace_low, straight_only=False):
    """The value of cards played by rank alone (no flush): all of them when
    fewer than five.  straight_only: the bug joker played as a non-ace, which
    counts only in a straight."""
    if len(ranks) == 5:
        top = straight_top(ranks, ace_low)
        if straight_only:
            return (STRAIGHT, top) if top is not None else None
        shape, order = grouped(ranks)
        if shape == (5,):
            return (FIVE_KIND,) + order
        if shape == (4, 1):
            return (FOUR,) + order
        if shape == (3, 2):
            return (FULL_HOUSE,) + order
        if top is not None:
            return (STRAIGHT, top)
        if shape == (3, 1, 1):
            return (TRIPS,) + order
        if shape == (2, 2, 1):
            return (TWO_PAIR,) + order
        if shape == (2, 1, 1, 1):
            return (PAIR,) + order
        return (HIGH,) + order
    # Fewer than five cards: all played; no five-card hand (straight, flush,
    # full house, five of a kind, straight flush, royal, five wilds) is possible.
    if straight_only:
        return None
    shape, order = grouped(ranks)
    cat = {(4,): FOUR, (3, 1): TRIPS, (2, 2): TWO_PAIR, (2, 1, 1): PAIR,
           (1, 1, 1, 1): HIGH}[shape]
    return (cat,) + order


def evaluate(hand, rules):
    """(best value, set of hands the cards can form) under rules."""
    n = len(hand)
    jokers = hand.count(JOKER)
    deuces_wild = rules["deuces"] == "wild"
    wild_jokers = jokers if rules["joker"] == "wild" else 0
    bug = jokers if rules["joker"] == "bug" else 0
    naturals = [c for c in hand if c != JOKER and not (deuces_wild and c // 4 == 0)]
    wild = n - len(naturals) - bug          # fully wild cards
    ace_low = rules["ace"] == "high-or-low"
    nat_ranks = [c // 4 for c in naturals]
    values = []
    if n == 5 and wild == 5:
        values.append((FIVE_WILDS,))
    # By rank: each wild card any rank (repeats allowed: five of a kind); the bug
    # joker an ace, or any other rank where it completes a straight.
    for assign in combinations_with_replacement(range(13), wild):
        ranks = nat_ranks + list(assign)
        if bug:
            values.append(rank_value(ranks + [ACE], ace_low))
            for r in range(12):
                v = rank_value(ranks + [r], ace_low, straight_only=True)
                if v is not None:
                    values.append(v)
        else:
            values.append(rank_value(ranks, ace_low))
    # Flush: five cards whose natural cards share one suit; the wild cards and
    # the bug joker fill ranks that suit lacks, each a different rank.
    if n == 5 and len({c % 4 for c in naturals}) <= 1:
        lacks = [r for r in range(13) if r not in nat_ranks]
        for fill in combinations(lacks, wild + bug):
            ranks = nat_ranks + list(fill)
            top = straight_top(ranks, ace_low)
            if top == ACE:
                values.append((ROYAL,))
            elif top is not None:
                values.append((STRAIGHT_FLUSH, top))
            else:
                values.append((FLUSH,) + tuple(sorted(ranks, reverse=True)))
    return max(values), {v[0] for v in values}


class Deal:
    def __init__(self, d):
        deal = d["deal"]
        assert set(deal) <= {"decks", "jokers", "cards", "joker", "deuces", "ace"}, deal
        assert deal["decks"] == 1, "same-value: one deck only"
        self.jokers = deal.get("jokers", 0)
        self.cards = deal["cards"]
        self.rules = {k: deal.get(k, v) for k, v in DEFAULT_RULES.items()}
        if self.rules["joker"] == "bug":
            assert self.jokers == 1


def number_ok(n, spec):
    if isinstance(spec, int):
        return n == spec
    assert set(spec) <= {"at-least", "at-most", "from", "to"}, spec
    lo = spec.get("at-least", spec.get("from", -1))
    hi = spec.get("at-most", spec.get("to", 10 ** 9))
    return lo <= n <= hi


class Hand:
    """One deal, its values under each rule set memoised."""

    def __init__(self, cards, rules, forms_reading, memo=None):
        self.cards = list(cards)
        self.rules = rules
        self.forms_reading = forms_reading
        self.memo = {} if memo is None else memo

    def eval(self, changes):
        rules = dict(self.rules, **changes)
        key = tuple(sorted(rules.items()))
        if key not in self.memo:
            self.memo[key] = evaluate(self.cards, rules)
        return self.memo[key]

    def meets(self, cond):
        (key, *rest) = list(cond)
        if key == "all":
            assert not rest
            return all(self.meets(c) for c in cond["all"])
        if key == "any":
            assert not rest
            return any(self.meets(c) for c in cond["any"])
        if key == "not":
            assert not rest
            return not self.meets(cond["not"])
        if key == "jokers":
            assert not rest
            return number_ok(self.cards.count(JOKER), cond["jokers"])
        if key == "same-value":
            assert not rest and set(cond["same-value"]) <= set(DEFAULT_RULES)
            return self.eval({})[0] == self.eval(cond["same-value"])[0]
        if key == "forms":
            assert set(cond) <= {"forms", "rules"}, cond
            best, can = self.eval(cond.get("rules", {}))
            want = CAT[cond["forms"]]
            # "best": the best hand is HAND; "can": some way of playing the
            # cards is HAND.  The definitions are ordered so both agree (main
            # asserts it): every line `forms X` follows lines catching all the
            # hands above X.
            return best[0] == want if self.forms_reading == "best" else want in can
        raise ValueError(f"condition not interpreted here: {cond}")


def canonical(combo):
    """The deal with its suits renamed in order of appearance: every condition
    used here reads no suit by name (only whether cards share one), so deals
    with the same canonical form meet the same conditions."""
    names = {}
    out = []
    for c in combo:
        if c == JOKER:
            out.append(c)
        else:
            s = names.setdefault(c & 3, len(names))
            out.append((c & ~3) | s)
    return tuple(out)


def count(fname):
    with open(os.path.join(HERE, fname)) as f:
        d = json.load(f)
    deal = Deal(d)
    order = [o["id"] for o in d["outcomes"]]
    deck = list(range(52)) + [JOKER] * deal.jokers
    patterns = Counter(canonical(c) for c in combinations(deck, deal.cards))
    assert sum(patterns.values()) == comb(len(deck), deal.cards)
    counts = {reading: Counter() for reading in ("best", "can")}
    for hand, ways in patterns.items():
        memo = {}
        for reading in counts:
            counts[reading][classify(d, deal, hand, reading, memo)] += ways
    assert counts["best"] == counts["can"], (fname, counts)
    return order + ["other"], counts["best"], len(patterns)


def classify(d, deal, hand, reading="best", memo=None):
    """The first outcome whose condition the deal meets, else `other`."""
    h = Hand(hand, deal.rules, reading, memo)
    return next((o["id"] for o in d["outcomes"] if h.meets(o["when"])), "other")


def parse(text):
    """'Kh 9h 7h 4h 2h' -> cards; 'Jk' is the joker."""
    cards = []
    for t in text.split():
        cards.append(JOKER if t == "Jk" else RANKS.index(t[0]) * 4 + "cdhs".index(t[1]))
    assert len(set(cards)) == len(cards), text
    return sorted(cards)


def check_examples():
    """Every example hand of the docstring lands where it says."""
    for fname, examples in EXAMPLES.items():
        with open(os.path.join(HERE, fname)) as f:
            d = json.load(f)
        deal = Deal(d)
        for text, want in examples:
            cards = parse(text)
            assert len(cards) == deal.cards, text
            for reading in ("best", "can"):
                got = classify(d, deal, cards, reading)
                assert got == want, (fname, text, reading, got, want)
    # The two hands of the same-value row of docs/WAGERS.md.
    wild = dict(DEFAULT_RULES, deuces="wild")
    nat = dict(DEFAULT_RULES)
    kh = parse("Kh 9h 7h 4h 2h")
    assert evaluate(kh, wild)[0] == (FLUSH, 12, 11, 7, 5, 2)      # A K 9 7 4
    assert evaluate(kh, nat)[0] == (FLUSH, 11, 7, 5, 2, 0)        # K 9 7 4 2
    wheel = parse("As 2c 3d 4h 5s")
    assert evaluate(wheel, wild)[0] == evaluate(wheel, nat)[0] == (STRAIGHT, FIVE)


# Hand-derived (see the docstring); every line of every file.
EXPECTED = {
    "same-value-deuces.json": {
        "five-wilds": 1, "royal-deuces-natural": 24, "royal-flush": 980, "five-same": 12,
        "five-of-a-kind": 1388, "straight-flush-same": 160, "straight-flush": 3488,
        "four-same": 2640, "four-of-a-kind": 49048, "full-house": 15048,
        "flush-natural": 3136, "flush": 15820, "straight-same": 18456, "straight": 65544,
        "three-of-a-kind": 458040, "unchanged": 1771212, "other": 464688},
    "same-value-bug-joker.json": {
        "royal-flush": 24, "five-aces": 1, "wheel-flush": 20, "straight-flush": 160,
        "four-same-joker": 816, "four-of-a-kind": 12, "full-house-same": 4176,
        "full-house": 192, "flush": 7804, "straight-unchanged": 18504, "straight": 2028,
        "trips-all-wild": 47520, "three-of-a-kind": 15840, "joker-as-ace": 53424,
        "two-pair": 138600, "pair-changed": 63360, "pair": 1098240, "other": 1418964},
    "same-value-four-cards.json": {
        "four-same-bug": 17, "four-of-a-kind": 48, "trips-same-deuces": 5280,
        "three-of-a-kind": 960, "two-pair": 2808, "pair-same-bug": 86592,
        "pair-same-deuces": 10560, "pair": 3520, "high-same-deuces": 126720,
        "other": 56320},
}

# The docstring's example hands: (hand, the outcome it lands on).
EXAMPLES = {
    "same-value-deuces.json": [
        ("2c 2d 2h 2s Jk", "five-wilds"),
        ("2c 2d 2h 2s As", "royal-flush"),
        ("Ah Kh Qh Jh Jk", "royal-deuces-natural"),
        ("Ah Kh Qh Jh 2c", "royal-flush"),
        ("Ah Kh Qh Jh 9h", "flush-natural"),
        ("Kc Kd Kh Ks Jk", "five-same"),
        ("Kc Kd Kh Ks 2c", "five-of-a-kind"),
        ("9s 2c 2d 2h 2s", "five-of-a-kind"),
        ("Ts 2c 2d 2h 2s", "royal-flush"),
        ("Ah 2h 3h 4h 5h", "straight-flush-same"),
        ("Ah 2h 3h 4h Jk", "straight-flush-same"),
        ("2h 3h 4h 5h 6h", "straight-flush"),
        ("9h Th Jh Qh Kh", "straight-flush-same"),
        ("Ah 3h 4h 5h 2c", "straight-flush"),
        ("Qc Qd Qh Jk 7s", "four-same"),
        ("Qc Qd Qh 2s 7s", "four-of-a-kind"),
        ("Qc Qd 7s 7c Qh", "full-house"),
        ("Qc Qd 7s 7c 2h", "full-house"),
        ("Kh 9h 7h 4h 3h", "flush-natural"),
        ("Kh 9h 7h 4h 2h", "flush"),
        ("Kh 9h 7h 4h Jk", "flush"),
        ("Kh 9h 7h 4h 3c", "unchanged"),
        ("As 2c 3d 4h 5s", "straight-same"),
        ("Ah 2c 3d 4s Jk", "straight-same"),
        ("2c 3d 4h 5s 6s", "straight"),
        ("8c 9d Th Js Qs", "straight-same"),
        ("Kc Kd 9h 4s 2c", "three-of-a-kind"),
        ("Kc 9d 7h 4s 2c", "other"),
        ("Kc Kd 9h 4s 3c", "unchanged"),
        ("Kc 9d 7h 4s Jk", "unchanged"),
    ],
    "same-value-bug-joker.json": [
        ("Ah Kh Qh Th Jk", "royal-flush"),
        ("Ac Ad Ah As Jk", "five-aces"),
        ("Kc Kd Kh Ks Jk", "four-of-a-kind"),
        ("Ah 2h 3h 4h 5h", "wheel-flush"),
        ("Ah 3h 4h 5h Jk", "wheel-flush"),
        ("2h 3h 4h 5h Jk", "straight-flush"),
        ("3h 4h 5h 7h 9h", "flush"),
        ("Ac Ad Ah Jk 7s", "four-same-joker"),
        ("Kc Kd Kh Ks 7s", "four-same-joker"),
        ("Kc Kd Kh Jk 7s", "three-of-a-kind"),
        ("Ac Ad Jk 7s 7c", "full-house-same"),
        ("Ac Jk 7s 7c 7d", "full-house"),
        ("Kc Kd Jk 7s 7c", "two-pair"),
        ("Kh 9h 7h 4h Jk", "flush"),
        ("Kh 9h 7h 4h 3c", "other"),
        ("9c Td Jh Qs Jk", "straight-unchanged"),
        ("2c 3d 4h 5s Jk", "straight-unchanged"),
        ("Ac 2d 3h 4s Jk", "straight"),
        ("Ac 2d 3h 4s 5s", "straight"),
        ("Kc Kd Kh 9s 4c", "trips-all-wild"),
        ("Ac Ad Jk 9s 4c", "trips-all-wild"),
        ("Kc Kd Kh 9s 2c", "three-of-a-kind"),
        ("Ac Jk 9d 7h 4s", "joker-as-ace"),
        ("Kc Jk 9d 7h 4s", "other"),
        ("Ac Jk 9d 9h 4s", "two-pair"),
        ("Kc Kd 9h 4s Jk", "pair-changed"),
        ("Kc Kd 9h 4s 3c", "pair"),
        ("Kc Qd 9h 4s 3c", "other"),
    ],
    "same-value-four-cards.json": [
        ("Ac Ad Ah Jk", "four-same-bug"),
        ("Kc Kd Kh Ks", "four-same-bug"),
        ("Kc Kd Kh Jk", "four-of-a-kind"),
        ("Kc Kd Kh 7s", "trips-same-deuces"),
        ("Kc Kd Jk 7s", "trips-same-deuces"),
        ("Kc Kd Kh 2s", "three-of-a-kind"),
        ("Kc Kd 7h 7s", "two-pair"),
        ("Kc Kd 7h 2s", "pair-same-bug"),
        ("Ac Jk 9d 4h", "pair-same-bug"),
        ("Kc Jk 9d 4h", "pair-same-deuces"),
        ("Kc Jk 9d 2h", "pair"),
        ("Kc Qd 9h 4s", "high-same-deuces"),
        ("6h 5h 4h 3h", "high-same-deuces"),
        ("Kc Qd 9h 2s", "other"),
    ],
}


def main():
    check_examples()
    for fname in FILES:
        t0 = time.perf_counter()
        order, counts, npat = count(fname)
        for o in order:
            print(f"{fname} {o} {counts.get(o, 0)}")
        for o, want in EXPECTED.get(fname, {}).items():
            assert counts.get(o, 0) == want, (fname, o, counts.get(o, 0), want)
        print(f"# {fname}: {sum(counts.values())} deals, {npat} patterns, "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
