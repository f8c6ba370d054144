//! Face Up Pai Gow Poker (58 Pa. Code 688a): the Face Up Pai Gow Poker Wager, solved exactly for
//! two player policies against a house way, and for every house way at once (the setting table).
//!
//! # Rules (§§ 688a.6, 688a.11, 688a.12(a))
//!
//! Dealer and player each get seven of 53 cards (52 and a joker, § 688a.3). Each sets a
//! five-card high hand and a two-card low hand; the high must rank equal to or higher than the
//! low (§ 688a.11(c); a misset loses, § 688a.11(f)(1)(iii), so no policy here missets). The dealer
//! sets first by the house way (§ 688a.11(a)) and exposes both hands; the player then sets his
//! (§ 688a.11(b)). The wager wins 1 to 1 when both player hands rank higher than the dealer's
//! (§ 688a.11(f)(3), § 688a.12(a): no commission); a hand of identical rank is a "copy" and counts
//! for the dealer (§ 688a.11(f)(1)(ii)); one hand higher and the other not is a tie
//! (§ 688a.11(f)(2)(i)-(ii)); otherwise the wager loses. A dealer's Ace High Pai Gow ties every
//! player (§ 688a.11(f)(2)(iii)), whatever the player holds; it is counted as its own outcome,
//! `push-ace-high`.
//!
//! Surrender (§ 688a.11(d)) forfeits the wager: a net of −1, which is the worst any setting can
//! give. It is never better than playing, and equals it only where every setting loses, so both
//! policies play every hand.
//!
//! # The Ace High Pai Gow, two readings ([`AceHigh`])
//!
//! § 688a.1 defines an Ace High Pai Gow as seven cards "of a rank of Ace high", and § 688a.6(a)
//! says the joker "shall be used and ranked as an ace" unless it completes a straight or flush.
//! So a dealer holding the joker with no pair, straight or flush holds an ace-high hand, and
//! § 688a.12(b) pays the Ace High Bonus on "dealer has ace high, with joker": the text counts
//! such a hand. That is the default, `joker-plays-ace`. The other reading, `natural-ace-only`
//! (only a jokerless ace-high hand pushes; a dealer who needs the joker to make his ace plays the
//! hand out), is what a reader who treats the joker as wild only for straights and flushes would
//! take; the text rejects it twice (the joker "ranked as an ace", and the "with joker" paytable
//! lines that could then never be paid). It is computed to show what it is worth; where the
//! text's counts against the same way are at hand (the report, `verify`, `explain`), from them
//! and their difference ([`count_reading_difference_shard`]),
//! the engine asked at the rank classes whose hands push under one reading and play under the
//! other, every player hand (both policies) as the points. Where the process also holds the
//! text's setting table and the text's count asked ahead ([`Ahead`]), the difference needs no
//! run of its own: the optimal player's part is the table's rows of those classes (counted for
//! the classes that push too), the house-way player's was asked in the run that counted him
//! against the way, whose points it shares.
//!
//! # Policies
//!
//! * `optimal`: the player sees the dealer's high `H` and low `L` and sets to win if any legal
//!   setting beats both; otherwise to push if any setting beats one; otherwise he loses.
//!   So only the Pareto frontier of the hand's legal (high, low) values matters: the hand wins
//!   iff a frontier point beats (H, L) in both coordinates, and pushes iff its best legal high
//!   beats H or its best legal low beats L (both are frontier points).
//! * `house-way`: the player sets by the same house way as the dealer (what asking for help
//!   gives, § 688a.11(b)(1)), whatever the dealer shows.
//!
//! # Classes
//!
//! A hand that cannot flush (five of one suit, or four and the joker) has setting values that
//! depend only on its ranks and the joker: its *rank class* (67,600 on the full deck). A hand
//! that can flush does so in one suit only; its values depend on the ranks in that suit, the
//! other ranks and the joker: its *pattern* (224,653 per suit). A house way sets every hand of a
//! class alike (it reads ranks, the joker and the setting values: [`crate::house_way`]), so the
//! dealer's side is 67,600 + 224,653 *dealer classes*, each showing one of its legal settings.
//!
//! # Corners
//!
//! Against the dealer's (h, l), a player hand's optimal outcome is a staircase in (h, l): it wins
//! where `h < a_i` and `l < b_i` for a frontier point (a_i, b_i), so `[win] = Σ_i Q(a_i, b_i) −
//! Σ_i Q(a_{i+1}, b_i)` with `Q(a, b) = [h < a][l < b]` (frontier by falling highs), and `[not
//! lose] = Q(a_1, ∞) + Q(∞, b_k) − Q(a_1, b_k)`; the house-way setting (a, b) gives `[win] =
//! Q(a, b)` and `[not lose]` likewise. Every count is then a *dominance count*: a sum of weighted
//! corners (a, b) with a > h and b > l, on the dense scales of the deck's legal highs and lows.
//! A pattern enters as its correction δ (its corners less its rank class's).
//!
//! # Counting (every ordered deal, C(53,7) · C(46,7) = 8,250,459,031,214,400 on the full deck)
//!
//! For dealer rank counts R: the *whole count* `Σ_{d of ranks R} Σ_{p ∩ d = ∅}` (every dealer hand
//! of those ranks, flush-capable or not, valued at one setting; every player hand valued as it
//! is) and the *rank part* (one dealer hand, the player valued as if he could not flush). For a
//! dealer pattern: its hands' counts are `hands · (rank part + player flushing in the dealer's
//! flush suit) + player flushing in another suit`. The hands of R that cannot flush are the
//! whole count less its patterns' counts at the same setting.
//!
//! 1. Whole counts and rank parts by Möbius inversion over rank multisets (`main_game/engine.rs`): the
//!    player hands of class c avoiding a dealer hand of ranks R number `Π_r C(4 − R_r, c_r)`, and
//!    `C(4 − R, c) = Σ_j (−1)^j C(R, j) C(4 − j, c − j)`, so a count over the 67,600 classes for
//!    each R becomes, for each sub-multiset J (103,105), one dominance count over the classes
//!    holding J, read by every R holding J (`Σ_J |{c ≥ J}| = 4,808,804` class-terms instead of
//!    67,600² pairs). The rank part is asked at canonical settings: between two consecutive
//!    class corner values every class settles alike, so all a class's flushes share one high.
//! 2. The player flushing in the dealer's flush suit: for dealer flush ranks S only the patterns
//!    whose flush ranks avoid S count, and the weights of their off-suit cards against the
//!    dealer's off-suit cards (at most two) expand the same way over J ≤ those two cards; one
//!    group per S and dealer joker (8,437) sums its patterns' corners into a grid over its
//!    queries. A group takes every pattern of each flush-rank mask avoiding S, so the corners
//!    of one mask's patterns, weighted by term, are summed once per run into one list per
//!    (mask, term, channel), by rising high, and the groups walk those.
//! 3. The player flushing in another suit: there the dealer holds at most two ranks, `[M ∩ T =
//!    ∅]` is an inclusion–exclusion over them, and a pattern's weight is one number per off-suit
//!    group (210); the group sums `Σ_{M ⊇ T'} δ` (|T'| ≤ 2) are kept up to date in a sweep over
//!    the dealer's high, one sweep per dealer low (91).
//!
//! The units (multisets J, suited groups, lows) are independent sums: a shard counts any subset
//! of them ([`Shard::assign`] by estimated cost) and the tallies add. The totals are checked to
//! add up to the cycle for both policies, and every unit to be counted once.
//!
//! # Further house ways ([`count_further_ways_shard`])
//!
//! The house-way player against ways W₁, W₂, … from his count against a base way V: with
//! `g(x, y)` the outcome of a player set at x against a dealer set at y, summed over every deal,
//! and `M` the dealer classes W sets otherwise than V (against Foxwoods, 2% of them for
//! British Columbia, 11% for Santa Ana Star; most for `highest-high`),
//!
//! `C(W, W) − C(V, V) = Σ_{d ∈ M} Σ_p [g(V(p), W(d)) − g(V(p), V(d))]`
//! `                  + Σ_{p ∈ M} Σ_d [g(W(p), V(d)) − g(V(p), V(d))]`
//! `                  + Σ_{p ∈ M, d ∈ M} [g(W(p), W(d)) − g(W(p), V(d)) − g(V(p), W(d)) + g(V(p), V(d))]`
//!
//! (a deal with neither hand moved adds nothing; one with one moved is in one of the first two
//! sums; one with both in all three, which add to its own difference). The engine's cost
//! follows the side that is dense, so each sum is arranged to keep the dense side V's, shared
//! by every way:
//!
//! 1. The dealer's moved hands against every player hand set by V: one run with V's points,
//!    every way's moved classes asked at W's setting and, negated, at V's.
//! 2. The player's moved hands against every dealer hand set by V: the same sum with the roles
//!    exchanged, since player and dealer hands are drawn alike. The dealer's hands set by V are
//!    the points (none for a hand that pushes as an Ace High Pai Gow, which pushes under both
//!    ways) and the player's moved classes are asked. On reversed scales (`x ↦ n − 1 − x` on
//!    both dense scales) the player's win `[p's high > d's high][p's low > d's low]` is again
//!    `[a > h][b > l]` with the dealer's hand as the corner, and not losing (`1 − [p ≤ d in both
//!    halves]`) is again the corner's cross. One run for every way.
//! 3. Both moved: per way, the player's moved hands as points (W's corners less V's, which
//!    vanish where the two agree) against the dealer's moved classes: sparse on both sides
//!    where the ways are alike.
//!
//! A way that moves more than a quarter of the dealer classes (the fixture `highest-high`
//! against any other) is counted on its own instead, in its place in the same runs: its
//! difference would be dense on both sides and cost more than its count.
//!
//! The first run's points are the base's count of the house-way player's: where a process
//! counts the base with the setting table and knows the further ways, that count asks the first
//! run's questions too ([`Ahead`]), and the further ways' count starts at the second.
//!
//! # The setting table ([`table`])
//!
//! The same counts, asked at every legal setting of every dealer class instead of one house
//! way's, give the optimal player's win and lose counts for each (dealer class, setting): any
//! house way's optimal-player result is then a sum of one lookup per class, and the best and
//! worst house ways for the house are a minimum and a maximum per class. See [`table`] for its
//! design and cost.
//!
//! `Tables::against`, one dealer hand against every player hand by rank classes and the per-suit
//! flush correction, is kept as an independent oracle the full-deck tests compare with brute
//! force.

mod engine;
mod players;
pub mod table;

use parsheet_cards::{binomial, Card, CardSet, Rank, Suit};
use parsheet_eval::{Category, Evaluator, Ranking};

use parsheet_shard::{Combine, Key, Shard, Tally};

use crate::house_way::HouseWay;
use engine::{unit_hash, Partial, Queries};
use players::{choose, no_flush_hand, Csr, PointsAs, LOSE, NCH, PUSH, WIN};
pub use players::Tables;

/// A deck of `suits` suits of the ranks in `rank_mask`, and optionally the joker. The game is
/// played with `Deck::FULL`; smaller decks let tests compare with a brute force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    pub rank_mask: u16,
    pub suits: u8,
    pub joker: bool,
}

impl Deck {
    pub const FULL: Deck = Deck { rank_mask: 0x1fff, suits: 4, joker: true };

    pub fn cards(&self) -> Vec<Card> {
        let mut v: Vec<Card> = Vec::new();
        for r in 0..13u8 {
            if self.rank_mask >> r & 1 == 1 {
                for s in 0..self.suits {
                    v.push(Card::new(Rank(r), Suit(s)));
                }
            }
        }
        if self.joker {
            v.push(Card::JOKER);
        }
        v
    }

    pub fn len(&self) -> u64 {
        self.rank_mask.count_ones() as u64 * self.suits as u64 + self.joker as u64
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ordered (dealer, player) deals.
    pub fn cycle(&self) -> u128 {
        binomial(self.len(), 7) as u128 * binomial(self.len() - 7, 7) as u128
    }

    /// Player hands against one dealer hand.
    pub fn unseen(&self) -> u64 {
        binomial(self.len() - 7, 7)
    }
}

/// Which dealer hands are an Ace High Pai Gow, and so push every player (see the module essay).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AceHigh {
    /// The text: no pair, straight or flush, ace high, the joker playing the ace.
    #[default]
    JokerPlaysAce,
    /// Only a hand with a natural ace and no joker.
    NaturalAceOnly,
}

impl AceHigh {
    pub const ALL: [AceHigh; 2] = [AceHigh::JokerPlaysAce, AceHigh::NaturalAceOnly];

    pub fn id(self) -> &'static str {
        match self {
            AceHigh::JokerPlaysAce => "joker-plays-ace",
            AceHigh::NaturalAceOnly => "natural-ace-only",
        }
    }

    pub fn from_id(id: &str) -> Option<AceHigh> {
        AceHigh::ALL.into_iter().find(|a| a.id() == id)
    }

    /// Whether seven dealer cards are an Ace High Pai Gow under this reading.
    pub fn pushes(self, cards: CardSet) -> bool {
        is_ace_high(cards) && (self == AceHigh::JokerPlaysAce || !cards.has_joker())
    }
}

/// Win, push and lose counts of one player policy.
pub type Wpl = [u128; 3];

/// The exact counts of both policies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Against dealers without an Ace High Pai Gow: win, push, lose.
    pub optimal: Wpl,
    pub house_way: Wpl,
    /// Deals where the dealer's Ace High Pai Gow pushes (the same for both policies).
    pub ace_high: u128,
}

impl Counts {
    pub fn total(&self, optimal: bool) -> u128 {
        let w = if optimal { &self.optimal } else { &self.house_way };
        w.iter().sum::<u128>() + self.ace_high
    }
}

/// Whether seven cards are an Ace High Pai Gow as the text reads it (§ 688a.6(d)): no pair,
/// straight or flush, and ace high (the joker playing the ace).
pub fn is_ace_high(cards: CardSet) -> bool {
    let e = Evaluator::get(Ranking::PaiGow);
    let r = e.evaluate(cards);
    e.category(r) == Category::HighCard && e.tiebreaks(r)[0] == Rank::ACE.0
}

/// The dealer's side of a deck under a reading: which rank classes push, and how many dealer
/// hands of each class cannot flush.
pub(crate) struct DealerSide {
    /// Per rank class: whether its hands that cannot flush are an Ace High Pai Gow.
    pub ace: Vec<bool>,
    /// Per rank class: its hands that cannot flush.
    pub no_flush: Vec<u64>,
}

impl DealerSide {
    fn new(t: &Tables, reading: AceHigh) -> DealerSide {
        use rayon::prelude::*;
        let ace = t.classes.par_iter().map(|c| reading.pushes(no_flush_hand(&c.counts, c.joker))).collect();
        let no_flush = t
            .classes
            .iter()
            .zip(&t.by_class)
            .map(|(c, ps)| c.hands - ps.clone().map(|p| t.pattern_hands(&t.patterns[p as usize])).sum::<u64>())
            .collect();
        DealerSide { ace, no_flush }
    }

    /// Whether the hands of dealer class `k` push (a rank class's hands that cannot flush).
    fn pushes(&self, k: usize) -> bool {
        self.ace.get(k).is_some_and(|&x| x)
    }

    /// Deals where the dealer pushes with an Ace High Pai Gow.
    fn ace_deals(&self, deck: Deck) -> u128 {
        self.ace.iter().zip(&self.no_flush).filter(|x| *x.0).map(|x| *x.1 as u128).sum::<u128>() * deck.unseen() as u128
    }
}

/// Counts every ordered deal of `deck` under `way`, reporting progress as (done, total) units of
/// estimated work.
pub fn count(deck: Deck, way: &HouseWay, progress: &(dyn Fn(u64, u64) + Sync)) -> Counts {
    count_with(deck, way, AceHigh::default(), progress)
}

pub fn count_with(deck: Deck, way: &HouseWay, reading: AceHigh, progress: &(dyn Fn(u64, u64) + Sync)) -> Counts {
    counts_from_tally(deck, &count_shard_with(deck, way, reading, Shard::WHOLE, progress)).expect("the whole count is complete")
}

/// What the counts depend on: the deck, the house way's rules (not its name) and the Ace High
/// reading, so a changed house way file never reuses counts (the program's store adds the build).
pub fn key(deck: Deck, way: &HouseWay) -> Key {
    key_with(deck, way, AceHigh::default())
}

pub fn key_with(deck: Deck, way: &HouseWay, reading: AceHigh) -> Key {
    // One key per computation: the way's resolved rules, not its label, so a way named with
    // its default options spelled out (`foxwoods:full-house-front=the-pair`) is the bare name's
    // count in every command.
    Key::new(
        "face-up-pai-gow base against a house way (both policies)",
        &[
            ("counts", "face-up-pai-gow main game, both policies, v3".into()),
            ("deck", format!("{deck:?}")),
            ("ace-high", reading.id().into()),
            ("house-way", format!("{:?}", way.rules)),
        ],
        Combine::Sum,
    )
}

/// [`count`] through the program's store (a results cache, a shard of a run, a merge of shards).
pub fn count_stored(deck: Deck, way: &HouseWay, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Counts, String> {
    count_stored_with(deck, way, AceHigh::default(), progress)
}

pub fn count_stored_with(deck: Deck, way: &HouseWay, reading: AceHigh, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Counts, String> {
    let tally = parsheet_shard::counted(&key_with(deck, way, reading), |shard| Ok(count_shard_with(deck, way, reading, shard, progress)))?;
    counts_from_tally(deck, &tally)
}

/// Checks that every unit of a computation was counted exactly once: each adds 1 and its hash,
/// shard 0 takes off the totals, so the whole tally's part is zero.
fn check_units(tally: &Tally) -> Result<(), String> {
    let u = tally.get("units", 2)?;
    if u != [0, 0] {
        return Err("the counts are not those of every unit once: a shard is missing or counted twice".into());
    }
    Ok(())
}

/// The units' checksum less, for shard 0, the totals of all `n` units.
fn units_part(partial: &Partial, n: usize, shard: Shard) -> Vec<i128> {
    let mut u = partial.units;
    if shard.index() == 0 {
        u[0] -= n as i128;
        u[1] -= (0..n as u64).map(unit_hash).sum::<i128>();
    }
    u.to_vec()
}

/// The whole counts from the sum of every shard's tally, checked: a tally read from a file may
/// be short or wrong, so the totals must be the cycle for both policies and every unit counted
/// once.
pub fn counts_from_tally(deck: Deck, tally: &Tally) -> Result<Counts, String> {
    let all = tally.get_counts("counts", 7)?;
    check_units(tally)?;
    let out = Counts { optimal: [all[0], all[1], all[2]], house_way: [all[3], all[4], all[5]], ace_high: all[6] };
    for optimal in [true, false] {
        if out.total(optimal) != deck.cycle() {
            return Err(format!("the counts cover {} deals, not the cycle of {}: a shard is missing or counted twice", out.total(optimal), deck.cycle()));
        }
    }
    Ok(out)
}

pub fn count_shard(deck: Deck, way: &HouseWay, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    count_shard_with(deck, way, AceHigh::default(), shard, progress)
}

/// Counts the units `shard` owns (module essay, "Counting") for one house way, both policies.
pub fn count_shard_with(deck: Deck, way: &HouseWay, reading: AceHigh, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    let (acc, ace, partial, n_units) = count_channels(&Tables::build(deck, Some(way)), reading, NCH, shard, progress);
    // Channels to outcomes: push = not-lose − win; lose = the deals that are not Ace High pushes
    // (shard 0) − not-lose.
    let first = shard.index() == 0;
    let rest = if first { (deck.cycle() - ace) as i128 } else { 0 };
    let counts = vec![acc[0], acc[1] - acc[0], rest - acc[1], acc[2], acc[3] - acc[2], rest - acc[3], if first { ace as i128 } else { 0 }];
    Tally::new().with("counts", counts).with("units", units_part(&partial, n_units, shard))
}

/// [`count_shard_with`] for the house-way player alone (channels 0 and 1): the optimal player's
/// corners, most of a count's work, are left out. His result against a way is the setting
/// table's (one lookup per dealer class). One way on its own: the report counts its further
/// ways together ([`count_further_ways_shard`]), and the tests hold that to this.
pub fn count_house_way_player_shard(deck: Deck, way: &HouseWay, reading: AceHigh, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    let (acc, ace, partial, n_units) = count_channels(&Tables::house_way_only(deck, way), reading, 2, shard, progress);
    house_way_player_tally(deck, acc, ace, units_part(&partial, n_units, shard), shard)
}

/// The house-way player's tally from his channels' sums (win, not-lose) and the Ace High pushes.
fn house_way_player_tally(deck: Deck, acc: [i128; NCH], ace: u128, units: Vec<i128>, shard: Shard) -> Tally {
    let first = shard.index() == 0;
    let rest = if first { (deck.cycle() - ace) as i128 } else { 0 };
    let counts = vec![acc[0], acc[1] - acc[0], rest - acc[1], if first { ace as i128 } else { 0 }];
    Tally::new().with("house-way-counts", counts).with("units", units)
}

/// Questions that later steps ask of the house-way player's hands set by a base way, answered
/// in the engine run that counts him against it, since they share its points (module essay,
/// "Further house ways" and "The Ace High Pai Gow, two readings"): the further ways' first run
/// (the dealer's moved hands against every player hand at the base's setting) and, under the
/// text's reading, the other readings' house-way difference. Made by [`count_stored_ahead`] when
/// it counts; [`further_ways_stored`] and [`reading_from_text_stored`] read what fits their own
/// questions (same deck, reading, base way and further ways) and count the rest as before.
pub struct Ahead {
    deck: Deck,
    reading: AceHigh,
    base: HouseWay,
    /// The further ways, their settings of every dealer class, and the first run's sums per way
    /// (none where a way's settings could not be found: its own step says why).
    further: Option<(Vec<HouseWay>, Vec<Vec<(u16, u16)>>, Vec<[i128; NCH]>)>,
    /// Per other reading, the house-way player's win and not-lose under it less under the text's.
    readings: Vec<(AceHigh, [i128; 2])>,
    /// The run's tables (the base's house-way player, with the engine's skeleton), kept for the
    /// further ways' later runs over the same points, which take them.
    tables: std::sync::Mutex<Option<Tables>>,
}

impl Ahead {
    fn fits(&self, deck: Deck, base: &HouseWay, reading: AceHigh) -> bool {
        self.deck == deck && self.reading == reading && self.base.rules == base.rules
    }

    /// The further ways' settings and first run's sums, where they were asked of `ways` alike.
    fn first_run(&self, deck: Deck, ways: &[HouseWay], base: &HouseWay, reading: AceHigh) -> Option<(&[Vec<(u16, u16)>], &[[i128; NCH]])> {
        let (asked, way_at, sums) = self.further.as_ref().filter(|_| self.fits(deck, base, reading))?;
        (asked.len() == ways.len() && asked.iter().zip(ways).all(|(a, w)| a.rules == w.rules)).then_some((way_at.as_slice(), sums.as_slice()))
    }

    /// Whether the further ways' first run was asked for `ways` against `base` (what
    /// [`further_ways_stored`] reads from it).
    pub fn has_first_run(&self, deck: Deck, ways: &[HouseWay], base: &HouseWay, reading: AceHigh) -> bool {
        self.first_run(deck, ways, base, reading).is_some()
    }

    /// Whether the house-way difference of `reading` from the text's was asked against `way`.
    pub fn has_reading(&self, deck: Deck, way: &HouseWay, reading: AceHigh) -> bool {
        self.reading(deck, way, reading).is_some()
    }

    /// The house-way player's difference under `reading` from the text's, where it was asked.
    fn reading(&self, deck: Deck, way: &HouseWay, reading: AceHigh) -> Option<[i128; 2]> {
        self.readings.iter().find(|r| r.0 == reading && self.fits(deck, way, AceHigh::JokerPlaysAce)).map(|r| r.1)
    }
}

/// The house-way player's whole count against `way` ([`count_house_way_player_shard`]'s tally)
/// and, in the same engine run, the questions of [`Ahead`] for `further` ways.
fn house_way_player_ahead(deck: Deck, way: &HouseWay, reading: AceHigh, further: &[HouseWay], progress: &(dyn Fn(u64, u64) + Sync)) -> (Tally, Ahead) {
    let t = Tables::house_way_only(deck, way);
    let side = DealerSide::new(&t, reading);
    let mut asks: Vec<Ask> = (0..t.dealer_classes()).filter(|&k| !side.pushes(k)).map(|k| Ask { k, at: t.dense_setting(t.way_of(k)), sign: 1, into: 0 }).collect();
    let mut answers = 1;
    // Ways whose settings cannot be found (a way its own step will refuse) are left to that step.
    let moves = if further.is_empty() { None } else { t.settings_by(further).ok().map(|way_at| Moves::new(&t, way_at)) };
    if let Some(m) = &moves {
        asks.extend(m.asks(&t, &side, &mut m.near.iter().copied(), true, answers));
        answers += further.len();
    }
    let others: Vec<AceHigh> = AceHigh::ALL.into_iter().filter(|&r| reading == AceHigh::JokerPlaysAce && r != reading).collect();
    for &r in &others {
        asks.extend(reading_asks(&t, r, answers));
        answers += 1;
    }
    let (sums, partial, n_units) = ask_all(&t, &asks, answers, 2, Shard::WHOLE, progress);
    let tally = house_way_player_tally(deck, sums[0], side.ace_deals(deck), units_part(&partial, n_units, Shard::WHOLE), Shard::WHOLE);
    let further_sums = &sums[1..];
    let (further, reading_sums) = match moves {
        Some(m) => (Some((further.to_vec(), m.way_at, further_sums[..further.len()].to_vec())), &further_sums[further.len()..]),
        None => (None, further_sums),
    };
    let readings = others.into_iter().zip(reading_sums).map(|(r, s)| (r, [s[0], s[1]])).collect();
    let tables = std::sync::Mutex::new(further.as_ref().map(|_| t));
    (tally, Ahead { deck, reading, base: way.clone(), further, readings, tables })
}

/// The engine over `t`'s first `nch` channels, every dealer class that does not push asked at its
/// house-way setting: the channels' sums, the deals the dealer's Ace High pushes, and the
/// shard's units.
fn count_channels(t: &Tables, reading: AceHigh, nch: usize, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> ([i128; NCH], u128, Partial, usize) {
    let side = DealerSide::new(t, reading);
    let asks: Vec<Ask> = (0..t.dealer_classes()).filter(|&k| !side.pushes(k)).map(|k| Ask { k, at: t.dense_setting(t.way_of(k)), sign: 1, into: 0 }).collect();
    let (sums, partial, n_units) = ask_all(t, &asks, 1, nch, shard, progress);
    (sums[0], side.ace_deals(t.deck), partial, n_units)
}

/// One question to the engine: every hand of dealer class `k` (the hands of rank class `k` that
/// cannot flush, or those of pattern `k − classes`) valued against the points at the dense
/// setting `at`, its sums added with `sign` into answer `into`.
#[derive(Clone, Copy)]
struct Ask {
    k: usize,
    at: (u16, u8),
    sign: i8,
    into: usize,
}

/// The engine over `t`'s first `nch` channels for `asks`. A rank class is asked by its whole
/// count (every hand of its ranks) less each of its patterns' counts at the same setting. The
/// sums of each of `answers` answers, the shard's share and its units.
fn ask_all(t: &Tables, asks: &[Ask], answers: usize, nch: usize, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> (Vec<[i128; NCH]>, Partial, usize) {
    let n = t.classes.len();
    let mut nf: Vec<Vec<(u16, u8)>> = vec![Vec::new(); n];
    let mut fl: Vec<Vec<(u16, u8)>> = vec![Vec::new(); t.patterns.len()];
    for a in asks {
        match a.k.checked_sub(n) {
            None => {
                nf[a.k].push(a.at);
                t.by_class[a.k].clone().for_each(|p| fl[p as usize].push(a.at));
            }
            Some(p) => fl[p].push(a.at),
        }
    }
    for v in nf.iter_mut().chain(fl.iter_mut()) {
        v.sort_unstable();
        v.dedup();
    }
    let q = Queries { nf: Csr::from_lists(nf), fl: Csr::from_lists(fl), nch };
    let (partial, n_units) = engine::solve(t, &q, shard, progress);
    let slot = |csr: &Csr<(u16, u8)>, i: usize, at: (u16, u8)| csr.range(i).start + csr.get(i).binary_search(&at).expect("asked");
    let mut sums = vec![[0i128; NCH]; answers];
    for a in asks {
        let mut add = |v: &[i64; NCH], sign: i128| (0..nch).for_each(|ch| sums[a.into][ch] += sign * v[ch] as i128);
        let sign = a.sign as i128;
        match a.k.checked_sub(n) {
            None => {
                add(&partial.nf[slot(&q.nf, a.k, a.at)], sign);
                t.by_class[a.k].clone().for_each(|p| add(&partial.fl[slot(&q.fl, p as usize, a.at)], -sign));
            }
            Some(p) => add(&partial.fl[slot(&q.fl, p, a.at)], sign),
        }
    }
    (sums, partial, n_units)
}

/// The house-way player's counts against a way (win, push, lose against dealers without an Ace
/// High Pai Gow) and the Ace High pushes, from the sum of every shard's tally, checked to cover
/// the cycle with every unit once.
pub fn house_way_player_from_tally(deck: Deck, tally: &Tally) -> Result<(Wpl, u128), String> {
    let all = tally.get_counts("house-way-counts", 4)?;
    check_units(tally)?;
    let (wpl, ace) = ([all[0], all[1], all[2]], all[3]);
    if wpl.iter().sum::<u128>() + ace != deck.cycle() {
        return Err(format!("the counts cover {} deals, not the cycle of {}: a shard is missing or counted twice", wpl.iter().sum::<u128>() + ace, deck.cycle()));
    }
    Ok((wpl, ace))
}

/// [`count_stored_with`], by [`count_with_table_ahead`] where `table` is given and the whole
/// count is wanted: stored under the counts' own key whichever way they were found, so a later
/// command reads them; a shard of a run counts its part of the whole count. Where it counted
/// with the table, the questions of [`Ahead`] for `further` ways came with it.
pub fn count_stored_ahead(deck: Deck, way: &HouseWay, reading: AceHigh, table: Option<&table::SettingTable>, further: &[HouseWay], progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(Counts, Option<Ahead>), String> {
    let mut ahead = None;
    let tally = parsheet_shard::counted(&key_with(deck, way, reading), |shard| match table.filter(|_| shard == Shard::WHOLE) {
        Some(t) => count_with_table_ahead(deck, way, reading, t, further, progress).map(|(c, a)| {
            ahead = Some(a);
            c.tally()
        }),
        None => Ok(count_shard_with(deck, way, reading, shard, progress)),
    })?;
    Ok((counts_from_tally(deck, &tally)?, ahead))
}

/// The counts of both policies with the optimal player's read from the setting table (one
/// lookup per dealer class) and the house-way player counted alone (about half the work of a
/// count of both). The same counts as [`count_with`]
/// (`the_count_using_the_setting_table_equals_the_count_of_both_policies`). Checked: the table
/// is of this deck and reading, and gives the count's Ace High pushes.
pub fn count_with_table(deck: Deck, way: &HouseWay, reading: AceHigh, table: &table::SettingTable, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Counts, String> {
    count_with_table_ahead(deck, way, reading, table, &[], progress).map(|c| c.0)
}

/// [`count_with_table`], with the questions of [`Ahead`] for `further` ways asked in the same
/// engine run.
pub fn count_with_table_ahead(deck: Deck, way: &HouseWay, reading: AceHigh, table: &table::SettingTable, further: &[HouseWay], progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(Counts, Ahead), String> {
    if table.deck() != deck || table.reading() != reading {
        return Err(format!("a setting table of {:?} under {} cannot price a count of {deck:?} under {}", table.deck(), table.reading().id(), reading.id()));
    }
    let optimal = table.outcome_of(&table.choice(way)?);
    let (tally, ahead) = house_way_player_ahead(deck, way, reading, further, progress);
    let (house_way, ace_high) = house_way_player_from_tally(deck, &tally)?;
    if optimal.ace_high != ace_high {
        return Err(format!("the setting table's Ace High pushes ({}) are not the count's ({ace_high})", optimal.ace_high));
    }
    Ok((Counts { optimal: [optimal.win, optimal.push, optimal.lose], house_way, ace_high }, ahead))
}

impl Counts {
    /// The tally of a whole count that found these counts (every unit once).
    fn tally(&self) -> Tally {
        let counts = self.optimal.iter().chain(&self.house_way).chain([&self.ace_high]).map(|&x| x as i128).collect();
        Tally::new().with("counts", counts).with("units", vec![0, 0])
    }
}

/// The house-way player's counts against each of `ways` less those against `base` (module
/// essay, "Further house ways"), for the units `shard` owns: per way, whether it is counted on
/// its own (1 on shard 0), then Δwin and Δnot-lose, or its own win and not-lose. A way that sets
/// more than a quarter of the dealer classes otherwise than the base is counted on its own: its
/// difference would have a dense side twice over and cost more than its count. On a whole run,
/// the first run's sums and the ways' settings come from `ahead` where the base's count asked
/// them for these ways ([`Ahead`]); a shard counts its own.
pub fn count_further_ways_shard(deck: Deck, ways: &[HouseWay], base: &HouseWay, reading: AceHigh, shard: Shard, ahead: Option<&Ahead>, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    // The first run, where the base's count asked it of a whole run (shards count their own),
    // and that run's tables where no earlier count took them.
    let first = ahead.filter(|_| shard == Shard::WHOLE).and_then(|a| a.first_run(deck, ways, base, reading));
    let kept = first.and_then(|_| ahead?.tables.lock().unwrap_or_else(|e| e.into_inner()).take());
    let mut t = kept.unwrap_or_else(|| Tables::house_way_only(deck, base));
    let side = DealerSide::new(&t, reading);
    let n = t.dealer_classes();
    let way_at = match first {
        Some((way_at, _)) => way_at.to_vec(),
        None => t.settings_by(ways).unwrap_or_else(|e| panic!("{e}")),
    };
    let m = Moves::new(&t, way_at);
    let near = &m.near;
    // Progress: a dense run (shared, or a far way's count) weighs as four of a near way's sparse
    // run (measured: 8-9 s against 1.6-3.4 s).
    let weight = |r: u64| match r {
        0 if first.is_some() => 0,
        0 | 1 => 4,
        _ if near.contains(&(r as usize - 2)) => 1,
        _ => 4,
    };
    let (before, all) = (|r: u64| (0..r).map(weight).sum::<u64>(), (0..2 + ways.len() as u64).map(weight).sum::<u64>());
    // The first run's sums where the base's count asked it (of a whole run, its units checked there).
    let mut sums: Vec<[i128; NCH]> = match first {
        Some((_, first_sums)) => first_sums.to_vec(),
        None => vec![[0i128; NCH]; ways.len()],
    };
    let mut units = [0i128; 2];
    let mut run = |t: &Tables, asks: Vec<Ask>, r: u64| {
        if asks.is_empty() {
            return;
        }
        let (out, partial, n_units) = ask_all(t, &asks, ways.len(), 2, shard, &|done, total| progress(before(r) * total + weight(r) * done, all * total));
        for (s, o) in sums.iter_mut().zip(&out) {
            s[0] += o[0];
            s[1] += o[1];
        }
        let u = units_part(&partial, n_units, shard);
        units[0] += u[0];
        units[1] += u[1];
    };
    // The dealer's moved hands against every player hand at the base's setting, all ways at once.
    if first.is_none() {
        run(&t, m.asks(&t, &side, &mut near.iter().copied(), true, 0), 0);
    }
    // The player's moved hands against every dealer hand at the base's setting: transposed.
    t.points_as = Some(PointsAs { transposed: true, left_out: side.ace.clone(), ..Default::default() });
    run(&t, m.asks(&t, &side, &mut near.iter().copied(), false, 0), 1);
    // Deals where both moved, way by way: the player's moved hands (the way's corners less the
    // base's) against the dealer's. A way far from the base: its own count.
    for i in 0..ways.len() {
        if near.contains(&i) {
            t.points_as = Some(PointsAs { way: Some(m.way_at[i].clone()), base: Some(m.base_at.clone()), ..Default::default() });
            run(&t, m.asks(&t, &side, &mut std::iter::once(i), true, 0), 2 + i as u64);
        } else {
            t.points_as = Some(PointsAs { way: Some(m.way_at[i].clone()), ..Default::default() });
            let asks = (0..n).filter(|&k| !side.pushes(k)).map(|k| Ask { k, at: t.dense_setting(m.way_at[i][k]), sign: 1, into: i }).collect();
            run(&t, asks, 2 + i as u64);
        }
    }
    progress(all, all);
    let own = |i: usize| (shard.index() == 0 && !near.contains(&i)) as i128;
    Tally::new().with("further-ways", sums.iter().enumerate().flat_map(|(i, s)| [own(i), s[0], s[1]]).collect()).with("units", units.to_vec())
}

/// Further ways against a base: each way's setting of every dealer class, the classes it sets
/// otherwise than the base, and the ways near enough to count by difference.
struct Moves {
    base_at: Vec<(u16, u16)>,
    way_at: Vec<Vec<(u16, u16)>>,
    moved: Vec<Vec<usize>>,
    /// Ways that move at most a quarter of the dealer classes.
    near: Vec<usize>,
}

impl Moves {
    fn new(t: &Tables, way_at: Vec<Vec<(u16, u16)>>) -> Moves {
        let n = t.dealer_classes();
        let base_at: Vec<(u16, u16)> = (0..n).map(|k| t.way_of(k)).collect();
        let moved: Vec<Vec<usize>> = way_at.iter().map(|w| (0..n).filter(|&k| w[k] != base_at[k]).collect()).collect();
        let near = (0..way_at.len()).filter(|&i| moved[i].len() * 4 <= n).collect();
        Moves { base_at, way_at, moved, near }
    }

    /// Each of `ways`' moved classes asked at its setting, less at the base's, into answer
    /// `into + i` for way i; a dealer's hands that push are left out (they push under both).
    fn asks(&self, t: &Tables, side: &DealerSide, ways: &mut dyn Iterator<Item = usize>, dealer: bool, into: usize) -> Vec<Ask> {
        let mut v = Vec::new();
        for i in ways {
            for &k in self.moved[i].iter().filter(|&&k| !(dealer && side.pushes(k))) {
                v.push(Ask { k, at: t.dense_setting(self.way_at[i][k]), sign: 1, into: into + i });
                v.push(Ask { k, at: t.dense_setting(self.base_at[k]), sign: -1, into: into + i });
            }
        }
        v
    }
}

/// The house-way player's counts against each of `n` further ways from those against the base
/// way (`base`: win, push, lose and the Ace High pushes) and the sum of every shard's tally,
/// checked for every unit once. A difference cannot be checked to cover the cycle as a count
/// can (lose is the cycle's rest by construction); each way's counts are checked to be counts.
pub fn further_ways_from_tally(deck: Deck, base: (Wpl, u128), n: usize, tally: &Tally) -> Result<Vec<(Wpl, u128)>, String> {
    let d = tally.get("further-ways", 3 * n)?;
    check_units(tally)?;
    let (wpl, ace) = base;
    d.chunks(3)
        .map(|d| {
            let (win, not_lose) = match d[0] {
                0 => (wpl[0] as i128 + d[1], (wpl[0] + wpl[1]) as i128 + d[2]),
                1 => (d[1], d[2]),
                k => return Err(format!("a further way is counted on its own {k} times: a shard is missing or counted twice")),
            };
            Ok((shifted(deck, win, not_lose, ace as i128)?, ace))
        })
        .collect()
}

/// Win, push and lose from the win and not-lose counts against dealers that do not push and the
/// deals where the dealer pushes, checked to be counts.
fn shifted(deck: Deck, win: i128, not_lose: i128, ace: i128) -> Result<Wpl, String> {
    let lose = deck.cycle() as i128 - ace - not_lose;
    if ace < 0 || win < 0 || not_lose < win || lose < 0 {
        return Err(format!("win {win}, not lose {not_lose} and {ace} Ace High pushes are not counts of the cycle: a shard is missing, counted twice or wrong"));
    }
    Ok([win as u128, (not_lose - win) as u128, lose as u128])
}

/// What the further ways' counts from a base way depend on.
pub fn further_ways_key(deck: Deck, ways: &[HouseWay], base: &HouseWay, reading: AceHigh) -> Key {
    Key::new(
        "face-up-pai-gow base, the house-way player against further house ways less against a base way",
        &[
            ("counts", "face-up-pai-gow main game, the house-way player's further ways, v1".into()),
            ("deck", format!("{deck:?}")),
            ("ace-high", reading.id().into()),
            ("base-way", format!("{:?}", base.rules)),
            ("house-ways", format!("{:?}", ways.iter().map(|w| &w.rules).collect::<Vec<_>>())),
        ],
        Combine::Sum,
    )
}

/// [`count_further_ways_shard`] through the program's store (with what the base's count asked
/// `ahead`, where it fits), added to the base way's counts.
pub fn further_ways_stored(deck: Deck, ways: &[HouseWay], base: &HouseWay, base_counts: (Wpl, u128), reading: AceHigh, ahead: Option<&Ahead>, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Vec<(Wpl, u128)>, String> {
    let tally = parsheet_shard::counted(&further_ways_key(deck, ways, base, reading), |shard| Ok(count_further_ways_shard(deck, ways, base, reading, shard, ahead, progress)))?;
    // The first run's tables, where the count did not take them (read from the store, a shard),
    // are not held longer.
    if let Some(a) = ahead {
        a.tables.lock().unwrap_or_else(|e| e.into_inner()).take();
    }
    further_ways_from_tally(deck, base_counts, ways.len(), &tally)
}

/// The counts of both policies under `reading` less those under the text's reading, for the
/// units `shard` owns (module essay, "The Ace High Pai Gow, two readings"): the readings differ
/// only on which rank classes' hands push, so the difference is the engine asked at those
/// classes alone (+ where they play under `reading`, − where they play under the text's), with
/// every player hand as the points; shard 0 adds the pushes' difference.
pub fn count_reading_difference_shard(deck: Deck, way: &HouseWay, reading: AceHigh, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    let t = Tables::new(deck, way);
    let (text, other) = (DealerSide::new(&t, AceHigh::JokerPlaysAce), DealerSide::new(&t, reading));
    let (sums, partial, n_units) = ask_all(&t, &reading_asks(&t, reading, 0), 1, NCH, shard, progress);
    let pushes = if shard.index() == 0 { other.ace_deals(deck) as i128 - text.ace_deals(deck) as i128 } else { 0 };
    Tally::new().with("reading-difference", vec![sums[0][0], sums[0][1], sums[0][2], sums[0][3], pushes]).with("units", units_part(&partial, n_units, shard))
}

/// The rank classes that push under one of `reading` and the text's and play under the other,
/// asked at the way's setting into answer `into`: + where they play under `reading`.
fn reading_asks(t: &Tables, reading: AceHigh, into: usize) -> Vec<Ask> {
    let (text, other) = (DealerSide::new(t, AceHigh::JokerPlaysAce), DealerSide::new(t, reading));
    (0..t.classes.len())
        .filter(|&c| text.pushes(c) != other.pushes(c))
        .map(|c| Ask { k: c, at: t.dense_setting(t.way_of(c)), sign: if text.pushes(c) { 1 } else { -1 }, into })
        .collect()
}

/// [`count_reading_difference_shard`]'s whole tally with no engine run of its own: the optimal
/// player's part from the text's setting table ([`table::SettingTable::reading_difference`]),
/// the house-way player's from what the base's count asked ahead. `None` where either is
/// missing or of another deck, way or reading.
fn reading_difference_ahead(deck: Deck, way: &HouseWay, reading: AceHigh, table: Option<&table::SettingTable>, ahead: Option<&Ahead>) -> Option<Result<Tally, String>> {
    let table = table.filter(|t| t.deck() == deck && t.reading() == AceHigh::JokerPlaysAce)?;
    let house_way = ahead?.reading(deck, way, reading)?;
    Some(table.reading_difference(way, reading).map(|[win, not_lose, pushes]| {
        Tally::new().with("reading-difference", vec![win, not_lose, house_way[0], house_way[1], pushes]).with("units", vec![0, 0])
    }))
}

/// The counts under a reading from those under the text's (`text`) and the sum of every shard's
/// difference tally, checked for every unit once and to be counts (lose is the cycle's rest by
/// construction, so the cycle cannot be checked as a count's is).
pub fn reading_from_difference(deck: Deck, text: &Counts, tally: &Tally) -> Result<Counts, String> {
    let d = tally.get("reading-difference", 5)?;
    check_units(tally)?;
    let ace = text.ace_high as i128 + d[4];
    let shift = |wpl: Wpl, dw: i128, dnl: i128| shifted(deck, wpl[0] as i128 + dw, (wpl[0] + wpl[1]) as i128 + dnl, ace);
    Ok(Counts { optimal: shift(text.optimal, d[0], d[1])?, house_way: shift(text.house_way, d[2], d[3])?, ace_high: ace as u128 })
}

/// What a reading's difference from the text's depends on.
pub fn reading_difference_key(deck: Deck, way: &HouseWay, reading: AceHigh) -> Key {
    Key::new(
        "face-up-pai-gow base against a house way (both policies), a reading less the text's",
        &[
            ("counts", "face-up-pai-gow main game, both policies, a reading's difference, v1".into()),
            ("deck", format!("{deck:?}")),
            ("ace-high", reading.id().into()),
            ("house-way", format!("{:?}", way.rules)),
        ],
        Combine::Sum,
    )
}

/// The counts under `reading` from the text's (`text`, against the same way) and their
/// difference, through the program's store: on a whole run without an engine run of its own
/// where `table` (the text's) and `ahead` give both policies' parts.
pub fn reading_from_text_stored(deck: Deck, way: &HouseWay, reading: AceHigh, text: &Counts, table: Option<&table::SettingTable>, ahead: Option<&Ahead>, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Counts, String> {
    let tally = parsheet_shard::counted(&reading_difference_key(deck, way, reading), |shard| match (shard == Shard::WHOLE).then(|| reading_difference_ahead(deck, way, reading, table, ahead)).flatten() {
        Some(tally) => tally,
        None => Ok(count_reading_difference_shard(deck, way, reading, shard, progress)),
    })?;
    reading_from_difference(deck, text, &tally)
}

/// Checks `way` on one hand of each dealer class of `deck` (module essay, "Classes"): every rank
/// class's hand that cannot flush, and every flush pattern's hand. A way reads ranks, the joker
/// and setting values, never suits otherwise (`house_way`'s essay), so it sets every hand of a
/// class as it sets the class's hand: the way sets every hand of the deck legally iff it sets
/// these (tests hold this equal to [`crate::house_way::validate_deck`], hand by hand, on reduced
/// decks and the full one). 292,253 hands on the full deck instead of some six million suit
/// classes. Returns the number of hands covered (the deck's seven-card hands); on failure, the
/// first class's hand (rank classes first) the way leaves unset.
pub fn validate_classes(way: &HouseWay, deck: Deck) -> Result<u64, crate::house_way::Invalid> {
    validate_classes_all(&[way], deck).pop().expect("one way checked")
}

/// [`validate_classes`] of each of `ways` in one pass: each class's hand's settings and facts
/// found once for every way.
pub fn validate_classes_all(ways: &[&HouseWay], deck: Deck) -> Vec<Result<u64, crate::house_way::Invalid>> {
    use rayon::prelude::*;
    let classes = players::rank_classes(deck);
    let hands: Vec<CardSet> = classes
        .iter()
        .map(|(c, joker)| no_flush_hand(c, *joker))
        .chain(players::flush_patterns(deck).iter().map(|(suited, off, joker)| players::pattern_hand(*suited, off, *joker)))
        .collect();
    // Per way, its first failing hand by index (and the problem): each thread keeps the
    // earliest it saw, the earliest of the threads' wins.
    type First = Vec<Option<(usize, crate::house_way::Invalid)>>;
    let earlier = |mut a: First, b: First| -> First {
        for (x, y) in a.iter_mut().zip(b) {
            if let Some(y) = y.filter(|y| x.as_ref().is_none_or(|x| y.0 < x.0)) {
                *x = Some(y);
            }
        }
        a
    };
    let first = hands
        .par_iter()
        .enumerate()
        .fold(
            || vec![None; ways.len()],
            |mut first: First, (i, &hand)| {
                if first.iter().all(Option::is_some) {
                    return first;
                }
                let all = crate::house_way::settings(hand);
                let f = crate::house_way::facts(hand, &all);
                for (w, way) in ways.iter().enumerate() {
                    if first[w].is_none() {
                        if let Err(e) = crate::house_way::check_set_by_facts(way, hand, &f, &all) {
                            first[w] = Some((i, e));
                        }
                    }
                }
                first
            },
        )
        .reduce(|| vec![None; ways.len()], earlier);
    let covered: u64 = classes.iter().map(|(c, _)| c.iter().map(|&k| binomial(deck.suits as u64, k as u64)).product::<u64>()).sum();
    assert_eq!(covered, binomial(deck.len(), 7), "the rank classes of {deck:?} cover its hands");
    first.into_iter().map(|f| f.map_or(Ok(covered), |(_, e)| Err(e))).collect()
}

/// The optimal setting in words a player can use at the table. It reaches the best outcome on
/// every deal: the player wins iff some legal setting has a low above the dealer's low and a
/// high above the dealer's high, and of the settings whose low is above the dealer's the one
/// with the highest high is the best candidate; with no such low, only the high can win its
/// half, so the highest high pushes whenever any setting does. (The reduced-deck brute force
/// in `crates/tables/tests/face_up_pai_gow.rs` applies this rule on every deal.)
pub const OPTIMAL_RULE: &str = "Among your legal settings whose low hand beats the dealer's low hand, play the one with the highest high hand; if no low hand beats the dealer's, play your highest high hand (with the best low it allows). This reaches the best result on every deal: it wins whenever any setting wins, and pushes whenever any setting pushes.";

/// The player policies, as reading ids of the strategy game.
pub const POLICIES: [&str; 2] = ["optimal-player", "house-way-player"];

/// A main-game reading id of the strategy game: a policy, with `-natural-ace-only` where the
/// Ace High Pai Gow push is read as natural aces only. `None` for any other id.
pub fn reading_of(id: &str) -> Option<(&'static str, AceHigh)> {
    let (policy, ace_high) = match id.strip_suffix("-natural-ace-only") {
        Some(p) => (p, AceHigh::NaturalAceOnly),
        None => (id, AceHigh::JokerPlaysAce),
    };
    POLICIES.into_iter().find(|p| *p == policy).map(|p| (p, ace_high))
}

/// The [`Solution`](super::Solution) of one policy from the counts of both (counted under the
/// Ace High reading the policy's id names).
pub fn solution(counts: &Counts, deck: Deck, policy: &str, way: &HouseWay) -> super::Solution {
    use super::{ratio, Decision};
    let optimal = match reading_of(policy) {
        Some((p, _)) => p == "optimal-player",
        None => panic!("unknown policy {policy:?}"),
    };
    let wpl = if optimal { counts.optimal } else { counts.house_way };
    let cycle = deck.cycle();
    let outcome_counts = crate::OutcomeCounts::new(
        cycle,
        vec![("win".into(), wpl[WIN]), ("push".into(), wpl[PUSH]), ("push-ace-high".into(), counts.ace_high), ("lose".into(), wpl[LOSE])],
    )
    .expect("every deal counted once");
    let nets = vec![("win".into(), ratio(1, 1)), ("push".into(), ratio(0, 1)), ("push-ace-high".into(), ratio(0, 1)), ("lose".into(), ratio(-1, 1))];
    let expected_net = ratio(wpl[WIN] as i128 - wpl[LOSE] as i128, cycle);
    let situation = if optimal {
        format!("every hand, dealer set by {}: the best legal setting against the dealer's exposed hands", way.id)
    } else {
        format!("every hand, player and dealer set by {}", way.id)
    };
    let strategy = vec![Decision {
        situation,
        choice: if optimal { "best-setting" } else { "house-way" },
        options: vec![("play", expected_net.clone()), ("surrender", ratio(-1, 1))],
        deals: cycle,
    }];
    super::Solution { strategy, counts: outcome_counts, nets, expected_net, expected_wager: ratio(1, 1), initial_wager: ratio(1, 1), notes: vec![], actions: vec![] }
}

/// One dealer hand's setting and the player's counts against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealerCounts {
    pub high: u16,
    pub low: u16,
    pub ace_high: bool,
    /// [optimal w/p/l, house-way w/p/l] over every player hand of the unseen cards (all pushes
    /// when the dealer has an Ace High Pai Gow).
    pub counts: [u64; 6],
}

impl Tables {
    /// The counts against one dealer hand (the oracle: every player rank class, then each
    /// pattern in each suit that avoids the dealer's cards, without the engine).
    pub fn against(&self, dealer: CardSet, way: &HouseWay) -> DealerCounts {
        let s = way.set(dealer).unwrap_or_else(|e| panic!("house way {}: {dealer}: {e}", way.id));
        let (h, l) = (s.high.0, s.low.0);
        let unseen = self.deck.unseen();
        if is_ace_high(dealer) {
            return DealerCounts { high: h, low: l, ace_high: true, counts: [0, unseen, 0, 0, unseen, 0] };
        }
        let d = crate::house_way::rank_counts(dealer.minus(CardSet::EMPTY.with(Card::JOKER)));
        let mut out = [0i64; 6];
        let avail: [u8; 13] = std::array::from_fn(|r| if self.deck.rank_mask >> r & 1 == 1 { self.deck.suits - d[r] } else { 0 });
        let joker_free = self.deck.joker && !dealer.has_joker();
        for c in &self.classes {
            if c.joker && !joker_free {
                continue;
            }
            let ways: u64 = c.ranks.iter().map(|&(r, k)| choose(avail[r as usize], k)).product();
            out[c.hand.optimal(h, l)] += ways as i64;
            out[3 + c.hand.fixed(h, l)] += ways as i64;
        }
        for suit in 0..self.deck.suits {
            let ds = dealer.suit_ranks(Suit(suit));
            let avail: [u8; 13] = std::array::from_fn(|r| {
                if self.deck.rank_mask >> r & 1 == 0 {
                    return 0;
                }
                self.deck.suits - 1 - (dealer.count_rank(Rank(r as u8)) as u8 - (ds >> r & 1) as u8)
            });
            for p in &self.patterns {
                if p.suited & ds != 0 || (p.joker && !joker_free) {
                    continue;
                }
                let w = p.off().iter().map(|&(r, k)| choose(avail[r as usize], k)).product::<u64>() as i64;
                let c = &self.classes[p.class as usize].hand;
                out[p.hand.optimal(h, l)] += w;
                out[c.optimal(h, l)] -= w;
                out[3 + p.hand.fixed(h, l)] += w;
                out[3 + c.fixed(h, l)] -= w;
            }
        }
        let counts: [u64; 6] = std::array::from_fn(|i| out[i] as u64);
        assert_eq!(counts[..3].iter().sum::<u64>(), unseen, "{dealer}: optimal counts");
        assert_eq!(counts[3..].iter().sum::<u64>(), unseen, "{dealer}: house-way counts");
        DealerCounts { high: h, low: l, ace_high: false, counts }
    }
}
