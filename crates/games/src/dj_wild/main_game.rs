//! DJ Wild Stud Poker (687a): the Ante, Blind and Raise under the optimal Raise/fold strategy,
//! and the Two-Way Bad Beat Bonus, which is settled on the same player-against-dealer deal.
//!
//! One 53-card deck; the player and the dealer each get five cards; the four deuces and the
//! joker are wild (687a.6). The player sees five cards and folds (forfeiting Ante and Blind) or
//! raises two Antes. There is no dealer qualifier: the higher hand wins Ante and Raise 1 to 1 and
//! the Blind by its paytable (687a.12(b), a "Push" below a straight), a tie pushes everything, a
//! lower hand loses all three (687a.11(e)). The ranking is `Ranking::DeucesJokerWild`: five wilds,
//! royal flush, five of a kind, straight flush, … (687a.6(c) lists no five of a kind; the pay
//! tables rank it between royal flush and straight flush, and so does parsheet). Hands of equal
//! rank tie whether or not they use wild cards.
//!
//! Every player hand is counted against the 1,712,304 dealer hands of the other 48 cards by
//! [`crate::head_to_head`] (inclusion–exclusion over card removal, three sweeps of 32 counter
//! touches per hand): 4.9 × 10^12 deals in about a second. The decision per hand compares exact
//! integer expectations, so the strategy is optimal hand by hand, card removal included. The
//! Blind's pays come from the paytable the caller passes, so a designer's Blind table is solved
//! with its own strategy.

use std::collections::HashMap;
use std::sync::OnceLock;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::{binomial, Deck};
use parsheet_eval::{dj, Category, Evaluator, HandRank, Ranking};
use parsheet_paytable::Paytable;

use crate::solution::{Decision, Solution};
use crate::head_to_head::{matchups, Matchups};
use crate::{OutcomeCounts, OTHER};

/// Categories from three of a kind up, in increasing rank: the Bad Beat pays on these, and
/// each starts a threshold of the sweep.
const BAD_BEAT_CATEGORIES: [Category; 9] = [
    Category::ThreeOfAKind,
    Category::Straight,
    Category::Flush,
    Category::FullHouse,
    Category::FourOfAKind,
    Category::StraightFlush,
    Category::FiveOfAKind,
    Category::RoyalFlush,
    Category::FiveWilds,
];

/// The Blind paytable's outcome for a winning hand of `category` (687a.12(b)).
pub const fn blind_outcome(category: Category) -> &'static str {
    match category {
        Category::FiveWilds => "five-wilds",
        Category::RoyalFlush => "royal-flush",
        Category::FiveOfAKind => "five-of-a-kind",
        Category::StraightFlush => "straight-flush",
        Category::FourOfAKind => "four-of-a-kind",
        Category::FullHouse => "full-house",
        Category::Flush => "flush",
        Category::Straight => "straight",
        _ => "three-of-a-kind-or-less",
    }
}

/// The Blind outcomes, best first (the outcome ids of the "blind" wager).
pub const BLIND_OUTCOMES: [&str; 9] = [
    "five-wilds",
    "royal-flush",
    "five-of-a-kind",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind-or-less",
];

/// The player-against-dealer counts of every five-card hand of the 53-card deck, with the
/// Bad Beat thresholds. Computed once per process.
pub fn dj_matchups() -> &'static Matchups {
    static M: OnceLock<Matchups> = OnceLock::new();
    M.get_or_init(count_matchups)
}

/// [`dj_matchups`] computed afresh (for benches).
pub fn count_matchups() -> Matchups {
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let deck = Deck::with_joker();
    let m = matchups(deck.cards(), 5, |h| e.evaluate(h).0 as u32, &category_starts(e));
    assert_eq!(m.hands.len() as u64, binomial(53, 5));
    assert_eq!(m.opponents, binomial(48, 5));
    m
}

/// The lowest rank of each of [`BAD_BEAT_CATEGORIES`].
fn category_starts(e: &Evaluator) -> Vec<u32> {
    BAD_BEAT_CATEGORIES
        .iter()
        .map(|&c| (1..=e.class_count() as u32).find(|&r| e.category(HandRank(r as u16)) == c).expect("every category is reachable"))
        .collect()
}

fn ratio(n: i128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The player hands that raise under the optimal strategy for `blind`, as sorted card bitmasks
/// (for the simulator, which plays this strategy and settles by the rules on its own).
pub fn raising_hands(blind: &Paytable) -> Result<Vec<u64>, String> {
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let m = dj_matchups();
    let total = m.opponents as i128;
    let mut out = Vec::new();
    for i in 0..m.hands.len() {
        let (p, q) = blind_net(blind, e.category(HandRank(m.ranks[i] as u16)))?;
        if raise_value(m.below[i] as i128, m.above[i] as i128, p, q) > -2 * q * total {
            out.push(m.hands[i].0);
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// Expected net of raising × q × opponents, for a Blind net of p/q: a win takes 1 + 2 + Blind,
/// a loss costs 4 (Ante, Blind and two Antes).
pub(crate) fn raise_value(below: i128, above: i128, p: i128, q: i128) -> i128 {
    below * (3 * q + p) - 4 * q * above
}

/// The Blind's net per unit for a winning `category`, as `(p, q)` with `q > 0`.
pub(crate) fn blind_net(blind: &Paytable, category: Category) -> Result<(i128, i128), String> {
    crate::solution::line_net(blind, blind_outcome(category))
}

/// The main game under the optimal strategy for the Blind paytable `blind`.
pub fn solve(_variant: &str, blind: &Paytable) -> Result<Solution, String> {
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let m = dj_matchups();
    let total = m.opponents as i128;
    let mut nets = Vec::new();
    for c in Category::ALL_BEST_FIRST {
        nets.push((c, blind_net(blind, c)?));
    }
    let net_of = |c: Category| nets.iter().find(|n| n.0 == c).unwrap().1;

    let mut wins = [0u128; 9];
    let (mut ties, mut losses, mut folds) = (0u128, 0u128, 0u128);
    // Per situation: (raises, folds, Σ raise value numerators over hands in a common denominator).
    let mut situations: Vec<Situation> = Vec::new();
    let mut index: HashMap<SituationKey, usize> = HashMap::new();
    let mut run: (u32, [Option<usize>; 6]) = (u32::MAX, [None; 6]);
    for i in 0..m.hands.len() {
        let rank = HandRank(m.ranks[i] as u16);
        let category = e.category(rank);
        let (p, q) = net_of(category);
        let (below, above) = (m.below[i] as i128, m.above[i] as i128);
        let raise = raise_value(below, above, p, q);
        let fold = -2 * q * total;
        let raises = raise > fold;
        if raises {
            let slot = BLIND_OUTCOMES.iter().position(|o| *o == blind_outcome(category)).unwrap();
            wins[slot] += below as u128;
            ties += m.equal[i] as u128;
            losses += above as u128;
        } else {
            folds += total as u128;
        }
        // Hands come in increasing rank: one (rank, wild cards) is one run, its situation
        // looked up once.
        if run.0 != m.ranks[i] {
            run = (m.ranks[i], [None; 6]);
        }
        let wilds = dj::wild_count(m.hands[i]);
        let slot = *run.1[wilds as usize].get_or_insert_with(|| {
            let key = situation_of(e, rank, wilds);
            *index.entry(key.clone()).or_insert_with(|| {
                situations.push(Situation::new(key, q));
                situations.len() - 1
            })
        });
        situations[slot].add(raises, raise);
    }
    let cycle = binomial(53, 5) as u128 * total as u128;
    let mut rows: Vec<(String, u128)> = BLIND_OUTCOMES.iter().zip(wins).map(|(o, n)| (format!("win-{o}"), n)).collect();
    rows.extend([("tie".to_string(), ties), ("lose".to_string(), losses), ("fold".to_string(), folds)]);
    let mut outcome_nets: Vec<(String, BigRational)> = Vec::new();
    for o in BLIND_OUTCOMES {
        // The best category settled on this line stands for it: one line, one pay.
        let c = Category::ALL_BEST_FIRST.into_iter().find(|&c| blind_outcome(c) == o).expect("every line has a category");
        let (p, q) = net_of(c);
        outcome_nets.push((format!("win-{o}"), ratio(3 * q + p, q as u128)));
    }
    outcome_nets.extend([("tie".into(), ratio(0, 1)), ("lose".into(), ratio(-4, 1)), ("fold".into(), ratio(-2, 1))]);
    let counts = OutcomeCounts::new(cycle, rows).expect("every deal counted once");
    let expected_net = counts.rows().iter().zip(&outcome_nets).fold(ratio(0, 1), |acc, ((_, n), (_, net))| acc + net * BigRational::from_integer((*n).into()))
        / BigRational::from_integer(cycle.into());
    let raised = cycle - folds;
    let expected_wager = ratio(2 * cycle as i128 + 2 * raised as i128, cycle);
    Ok(Solution { strategy: compact(situations, total as u128), counts, nets: outcome_nets, expected_net, expected_wager, initial_wager: ratio(2, 1), notes: vec![], actions: vec![] })
}

/// The Blind pay of `line` (net per unit, "x to 1") that gives the main game the house edge
/// per Ante `target`, under the optimal strategy for that pay, the other lines as in `blind`.
/// `None` where no pay of the line reaches the target (the edge with the line never raised is
/// below it, or nothing raised wins on it). The value may be negative or very large: the caller
/// judges it.
///
/// A hand whose winning category pays on `line` raises exactly when its pay exceeds its own
/// threshold `(4·above − 2·opponents)/below − 3`, so the expected net is, in the pay x, a
/// constant (every other hand, from one solve with the line at 0) plus, per hand of the line,
/// the larger of folding and raising at x: convex, increasing and piecewise linear, with one
/// kink per threshold. The hands are sorted by threshold, the segment holding the target is
/// found by bisection, and the pay is solved on it exactly.
pub fn solve_blind_line(blind: &Paytable, line: &str, target: &BigRational) -> Result<Option<BigRational>, String> {
    use parsheet_paytable::explore::with_pay;
    use parsheet_paytable::Pay;
    if !BLIND_OUTCOMES.contains(&line) {
        return Err(format!("{line:?} is not a line of the Blind paytable; lines: {}", BLIND_OUTCOMES.join(", ")));
    }
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let m = dj_matchups();
    let total = m.opponents as i128;
    let big = |x: i128| BigRational::from_integer(BigInt::from(x));
    // Σ over every hand of max(raise, fold) × cycle-share, with the line paying 0: a solve.
    let zero = solve("", &with_pay(blind, line, Pay::To(big(0))))?;
    let cycle = big(zero.counts.cycle() as i128);
    let at_zero = &zero.expected_net * &cycle;
    // The line's hands: their contribution at pay 0 comes out of the constant; those that never
    // win (below = 0) keep their x-independent choice in it.
    let mut k = at_zero;
    let mut kinks: Vec<(i128, i128, i128)> = Vec::new(); // (c, below, above): raise iff x·below > c
    for i in 0..m.hands.len() {
        let category = e.category(HandRank(m.ranks[i] as u16));
        if blind_outcome(category) != line {
            continue;
        }
        let (below, above) = (m.below[i] as i128, m.above[i] as i128);
        if below == 0 {
            continue;
        }
        let (raise0, fold) = (3 * below - 4 * above, -2 * total);
        k -= big(raise0.max(fold));
        k += big(fold);
        kinks.push((4 * above - 2 * total - 3 * below, below, above));
    }
    if kinks.is_empty() {
        return Ok(None);
    }
    // Now k is the expected net × cycle with every hand of the line folding (pay below all
    // thresholds). Sort by threshold c/below (positive denominators: cross-multiply).
    kinks.sort_unstable_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)));
    // Raising the first j hands: value k + a[j] + b[j]·x, with a the change at x = 0 and b the
    // slope (Σ below).
    let n = kinks.len();
    let mut a = vec![0i128; n + 1];
    let mut b = vec![0i128; n + 1];
    for (j, &(c, below, _)) in kinks.iter().enumerate() {
        // raise − fold at x = 0 is 3·below − 4·above + 2·total = −c.
        a[j + 1] = a[j] - c;
        b[j + 1] = b[j] + below;
    }
    let goal = -(target * &cycle);
    let value = |j: usize, x: &BigRational| &k + big(a[j]) + big(b[j]) * x;
    let threshold = |j: usize| BigRational::new(BigInt::from(kinks[j].0), BigInt::from(kinks[j].1));
    // The value at the j-th kink (0-based), where the first j hands raise.
    let at_kink = |j: usize| value(j, &threshold(j));
    if goal < at_kink(0) {
        // Even with the line never raised the edge is below the target: no pay reaches it.
        return Ok(None);
    }
    // The last kink at or below the goal: the answer lies on its right-hand segment.
    let (mut lo, mut hi) = (0usize, n);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if at_kink(mid) <= goal {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // On (threshold(lo), threshold(lo + 1)] the first lo + 1 hands raise.
    let j = lo + 1;
    Ok(Some((goal - &k - big(a[j])) / big(b[j])))
}

/// What the strategy depends on: the category and, for a pair or high card, the ranks that
/// decide most ties and how many wild cards the hand holds (each is one fewer for the dealer).
/// Hands in rank order meet the situations in order of strength.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SituationKey {
    category: Category,
    ranks: Vec<u8>,
    wilds: Option<u32>,
}

fn situation_of(e: &Evaluator, rank: HandRank, wilds: u32) -> SituationKey {
    let category = e.category(rank);
    let t = e.tiebreaks(rank);
    // Pairs by the paired rank and the top kicker; high cards by their top two cards.
    match category {
        Category::HighCard | Category::Pair => SituationKey { category, ranks: t[..2].to_vec(), wilds: Some(wilds) },
        _ => SituationKey { category, ranks: vec![], wilds: None },
    }
}

/// The hands of one situation. One category has one Blind pay, so one denominator `q`.
struct Situation {
    key: SituationKey,
    raises: u64,
    folds: u64,
    /// Σ over hands of (expected net of raising × q × opponents).
    raise_sum: i128,
    q: i128,
}

impl Situation {
    fn new(key: SituationKey, q: i128) -> Situation {
        Situation { key, raises: 0, folds: 0, raise_sum: 0, q }
    }

    fn add(&mut self, raises: bool, raise: i128) {
        if raises {
            self.raises += 1;
        } else {
            self.folds += 1;
        }
        self.raise_sum += raise;
    }
}

pub(crate) const RANK_NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// Merges runs of situations with one play into readable rows ("pair of 3s, any kicker, up to
/// pair of As"). Option values are exact averages over the hands of a row.
fn compact(situations: Vec<Situation>, opponents: u128) -> Vec<Decision> {
    let wild = |w: Option<u32>| match w {
        Some(0) | None => String::new(),
        Some(1) => " with a wild card".to_string(),
        Some(n) => format!(" with {n} wild cards"),
    };
    let describe = |k: &SituationKey, with_wilds: bool| {
        let w = if with_wilds { wild(k.wilds) } else { String::new() };
        match k.category {
            Category::HighCard => format!("high card {}-{}{w}", RANK_NAMES[k.ranks[0] as usize], RANK_NAMES[k.ranks[1] as usize]),
            Category::Pair => format!("pair of {}s, {} kicker{w}", RANK_NAMES[k.ranks[0] as usize], RANK_NAMES[k.ranks[1] as usize]),
            c => c.name().to_string(),
        }
    };
    let play = |s: &Situation| match (s.raises, s.folds) {
        (_, 0) => "raise",
        (0, _) => "fold",
        _ => "mixed",
    };
    // Runs of situations with one play: (first, last, play, raises, folds, value). Situations
    // with and without wild cards interleave in rank order, so a run may hold both.
    struct Row<'a> {
        first: &'a SituationKey,
        last: &'a SituationKey,
        play: &'static str,
        raises: u64,
        folds: u64,
        value: BigRational,
        wild_counts: Vec<Option<u32>>,
    }
    let mut rows: Vec<Row> = Vec::new();
    for s in &situations {
        let p = play(s);
        let value = ratio(s.raise_sum, s.q as u128);
        match rows.last_mut() {
            Some(r) if r.play == p && p != "mixed" => {
                r.last = &s.key;
                r.raises += s.raises;
                r.folds += s.folds;
                r.value += value;
                if !r.wild_counts.contains(&s.key.wilds) {
                    r.wild_counts.push(s.key.wilds);
                }
            }
            _ => rows.push(Row { first: &s.key, last: &s.key, play: p, raises: s.raises, folds: s.folds, value, wild_counts: vec![s.key.wilds] }),
        }
    }
    rows.into_iter()
        .rev()
        .map(|r| {
            let hands = r.raises + r.folds;
            let one_kind = r.wild_counts.len() == 1;
            let (low, high) = (describe(r.first, one_kind), describe(r.last, one_kind));
            let mut situation = if low == high { low } else { format!("{low} up to {high}") };
            if !one_kind && r.wild_counts.iter().any(|w| w.is_some()) {
                situation += " (natural or with wild cards)";
            }
            if r.play == "mixed" {
                situation += &format!(" ({} of {hands} hands raise)", r.raises);
            }
            Decision {
                situation,
                choice: r.play,
                options: vec![
                    ("raise", r.value / BigRational::from_integer((hands as u128 * opponents).into())),
                    ("fold", ratio(-2, 1)),
                ],
                deals: hands as u128 * opponents,
            }
        })
        .collect()
}

/// Two-Way Bad Beat Bonus counts (687a.12(e)) under a reading: by the losing hand's category,
/// three of a kind up. Valid for every Blind paytable with non-negative pays, since then every
/// hand of three of a kind or better raises (asserted), and only those hands can take part in a
/// bad beat.
pub(crate) fn bad_beat(variant: &str) -> OutcomeCounts {
    let m = dj_matchups();
    let two_way = match variant {
        "player-hand-loses" => false,
        "either-hand-loses" => true,
        other => unreachable!("variant {other}"),
    };
    let starts = m.thresholds();
    let mut by_category = [0u128; BAD_BEAT_CATEGORIES.len()];
    for i in 0..m.hands.len() {
        if m.ranks[i] < starts[0] {
            continue;
        }
        let (below, above) = (m.below[i] as i128, m.above[i] as i128);
        assert!(3 * below - 4 * above > -2 * m.opponents as i128, "a hand of three of a kind or better folds");
        let own = starts.iter().rposition(|&s| m.ranks[i] >= s).expect("at or above three of a kind");
        by_category[own] += above as u128;
        if two_way {
            // Dealer hands of each category from three of a kind up that lose to this hand.
            for c in 0..=own {
                let low = m.below_threshold(i, c).expect("hand ranks at or above its category");
                let high = if c == own { m.below[i] } else { m.below_threshold(i, c + 1).expect("hand ranks above this category") };
                by_category[c] += (high - low) as u128;
            }
        }
    }
    assert_eq!(by_category[BAD_BEAT_CATEGORIES.len() - 1], 0, "five wilds never lose");
    let paid: u128 = by_category[..BAD_BEAT_CATEGORIES.len() - 1].iter().sum();
    let cycle = binomial(53, 5) as u128 * m.opponents as u128;
    let names = crate::find("dj-wild", "bad-beat").expect("registered").outcomes;
    let mut rows: Vec<(String, u128)> = names
        .iter()
        .map(|&o| {
            let c = BAD_BEAT_CATEGORIES.iter().position(|&c| c.name() == o).expect("outcome is a category");
            (o.to_string(), by_category[c])
        })
        .collect();
    rows.push((OTHER.to_string(), cycle - paid));
    OutcomeCounts::new(cycle, rows).expect("every deal counted once")
}
