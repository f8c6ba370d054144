//! Heads-Up Hold 'Em checked against a brute force on reduced decks.
//!
//! The brute force is written from the rules (677a.11(b)-(h), 677a.12(a)-(c)) and ranks hands with
//! the independent reference evaluator. It deals every hole, flop, turn-river pair and dealer
//! hand; values every decision directly as the sum of the settled nets of the deals that follow
//! it (river: raise 1x or fold; flop: the maximum raise, the minimum raise or check and play the
//! river; pre-flop: the same); and counts the deals of each (action, net) under the resulting
//! strategy. Ties between plays go to the one that wagers less, as in the solver. The only
//! shortcut is that the dealer's hands against one (hole, five-card board) are tallied once and
//! reused for the ten ways that board splits into flop and turn-river.
//!
//! The deck (`7c`-`Ac`, `7d`-`Ad`, `Ah`, `Kh`, `As`: 19 cards) makes every category from high
//! card to royal flush, dealers who do and do not qualify, and has one non-trivial suit symmetry
//! (clubs and diamonds, with hearts and spades fixed), so the solver's isomorphism is exercised
//! on a deck where only part of the group applies.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::{binomial, Card, CardSet, Subsets};
use parsheet_games::strategy::heads_up::{flop_rule, river_rule, solve_deck, to_solution, Action, Config, Exact, Preflop};
use parsheet_paytable::{Line, Paytable};
use parsheet_reference::{standard, RefCard, RefCategory, RefValue};

/// A multiplicative hasher for card-set keys (the default SipHash makes the brute force slow).
#[derive(Default)]
struct SetHasher(u64);

impl Hasher for SetHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }
}

type Fast<K, V> = HashMap<K, V, BuildHasherDefault<SetHasher>>;

fn deck() -> Vec<Card> {
    let mut text: Vec<String> = Vec::new();
    for s in ['c', 'd'] {
        for r in ["7", "8", "9", "T", "J", "Q", "K", "A"] {
            text.push(format!("{r}{s}"));
        }
    }
    text.extend(["Ah", "Kh", "As"].map(String::from));
    text.iter().map(|t| t.parse().unwrap()).collect()
}

fn reference(set: CardSet) -> RefValue {
    let cards: Vec<RefCard> = set.iter().map(|c| RefCard::natural(c.rank().unwrap().0, c.suit().unwrap().0)).collect();
    standard(&cards)
}

/// The pays of one configuration, as the brute force reads them: nets in units of 1/`pd` Ante,
/// raise sizes in units of 1/`rq` Ante.
#[derive(Clone)]
struct Rules {
    pd: i64,
    rq: i64,
    preflop_max: i64,
    flop_max: i64,
    river: i64,
    min: i64,
    /// Odds net on a win by category (high card .. royal flush).
    odds_win: fn(RefCategory) -> i64,
    /// Bad Beat net on a straight or better losing to a qualifying dealer; `None`: no line.
    bad_beat: fn(RefCategory) -> Option<i64>,
}

/// 677a.12(b) in halves of a unit: royal 500 to 1 … straight 1 to 1, trips to pair push.
fn odds_halves(c: RefCategory) -> i64 {
    match c {
        RefCategory::RoyalFlush => 1000,
        RefCategory::StraightFlush => 100,
        RefCategory::FourOfAKind => 20,
        RefCategory::FullHouse => 6,
        RefCategory::Flush => 3,
        RefCategory::Straight => 2,
        _ => 0,
    }
}

fn odds_halves_high_card_loses(c: RefCategory) -> i64 {
    if c == RefCategory::HighCard {
        -2
    } else {
        odds_halves(c)
    }
}

fn no_bad_beat(_: RefCategory) -> Option<i64> {
    None
}

/// A made-up Bad Beat table in halves: straight 2 to 1, flush 5 to 2, full house 5 to 1, quads
/// 50 to 1, straight flush 100 to 1 (no royal line).
fn test_bad_beat(c: RefCategory) -> Option<i64> {
    match c {
        RefCategory::Straight => Some(4),
        RefCategory::Flush => Some(5),
        RefCategory::FullHouse => Some(10),
        RefCategory::FourOfAKind => Some(100),
        RefCategory::StraightFlush => Some(200),
        _ => None,
    }
}

fn table(id: &str, lines: &[(&str, &str)]) -> Paytable {
    Paytable { id: id.into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
}

fn odds_table() -> Paytable {
    table(
        "677a.12(b)",
        &[
            ("royal-flush", "500 to 1"),
            ("straight-flush", "50 to 1"),
            ("four-of-a-kind", "10 to 1"),
            ("full-house", "3 to 1"),
            ("flush", "3 to 2"),
            ("straight", "1 to 1"),
            ("three-of-a-kind", "Push"),
            ("two-pair", "Push"),
            ("pair", "Push"),
        ],
    )
}

fn bad_beat_table() -> Paytable {
    table(
        "test-bad-beat",
        &[("straight-flush", "100 to 1"), ("four-of-a-kind", "50 to 1"), ("full-house", "5 to 1"), ("flush", "5 to 2"), ("straight", "2 to 1")],
    )
}

/// Dealer results against one (hole, board): [win, tie, lose] × [dealer qualifies or not].
#[derive(Clone, Copy)]
struct Tally {
    player: Option<RefCategory>,
    /// Whether the player's hand beats the board alone (a hole card plays).
    plays: bool,
    /// The rank of the player's pair, when he has one pair.
    pair_rank: u8,
    /// The river situation in the words of the solver's river rule.
    situation: &'static str,
    counts: [[u64; 2]; 3],
}

/// Every (hole, five-card board) of the deck with its dealer tally.
struct Deals {
    deck: Vec<Card>,
    tallies: Fast<(u64, u64), Tally>,
}

fn deals() -> Deals {
    let deck = deck();
    // Reference value of every seven-card set, as a dense rank.
    let sevens: Vec<CardSet> = Subsets::new(&deck, 7).collect();
    let values: Vec<RefValue> = sevens.iter().map(|&s| reference(s)).collect();
    let mut distinct = values.clone();
    distinct.sort();
    distinct.dedup();
    let mut rank: Fast<u64, (u32, RefCategory)> = Fast::default();
    let mut value: Fast<u64, &RefValue> = Fast::default();
    for (s, v) in sevens.iter().zip(&values) {
        rank.insert(s.0, (distinct.binary_search(v).unwrap() as u32, v.category));
        value.insert(s.0, v);
    }
    let mut tallies: Fast<(u64, u64), Tally> = Fast::default();
    for board in Subsets::new(&deck, 5) {
        let rest: Vec<Card> = deck.iter().copied().filter(|c| !board.contains(*c)).collect();
        let holdings: Vec<CardSet> = Subsets::new(&rest, 2).collect();
        let ranks: Vec<(u32, RefCategory)> = holdings.iter().map(|h| rank[&h.union(board).0]).collect();
        let alone = reference(board);
        for (i, &hole) in holdings.iter().enumerate() {
            let v = value[&hole.union(board).0];
            let plays = *v > alone;
            let pair_rank = if v.category == RefCategory::Pair { v.tiebreak[0] } else { 0 };
            let mut t = Tally { player: Some(ranks[i].1), plays, pair_rank, situation: "", counts: [[0; 2]; 3] };
            t.situation = river_words(&t, hole, board);
            for (j, &dealer) in holdings.iter().enumerate() {
                if !dealer.is_disjoint(hole) {
                    continue;
                }
                let result = match ranks[i].0.cmp(&ranks[j].0) {
                    std::cmp::Ordering::Greater => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 2,
                };
                let qualifies = ranks[j].1 >= RefCategory::Pair;
                t.counts[result][qualifies as usize] += 1;
            }
            tallies.insert((hole.0, board.0), t);
        }
    }
    Deals { deck, tallies }
}

/// The settled net of one deal in units of 1/(pd·rq) Ante with a raise of `k`/rq (0: checked to
/// the end is impossible, so `k` is always a raise or the deal is folded).
fn settle(r: &Rules, player: RefCategory, result: usize, qualifies: bool, k: i64) -> i64 {
    let unit = r.pd * r.rq;
    match result {
        // 677a.11(h)(1)(i), (2)(i): Ante 1 to 1 only against a qualifying dealer, Raise 1 to 1,
        // Odds by its table.
        0 => (if qualifies { unit } else { 0 }) + k * r.pd + (r.odds_win)(player) * r.rq,
        // (h)(1)(ii), (2)(ii): everything pushes.
        1 => 0,
        // (h)(1)(iii), (2)(iii): Ante loses to a qualifying dealer, Raise loses, Odds loses
        // unless a straight or better loses to a qualifying dealer (Bad Beat).
        _ => {
            let odds = if qualifies && player >= RefCategory::Straight { (r.bad_beat)(player).unwrap_or(-r.pd) } else { -r.pd };
            (if qualifies { -unit } else { 0 }) - k * r.pd + odds * r.rq
        }
    }
}

/// Deal counts by (player category, result, dealer qualifies): the settled net of each cell
/// follows from [`settle`] once the action is known.
type Cells = [u64; 13 * 6];

/// Sum of the nets of one (hole, board) with a raise of `k`; adds its deals to `cells`.
fn showdown(r: &Rules, t: &Tally, k: i64, cells: Option<&mut Cells>) -> i64 {
    let p = t.player.unwrap();
    let mut sum = 0;
    let mut cells = cells;
    for result in 0..3 {
        for q in 0..2 {
            let n = t.counts[result][q];
            if n == 0 {
                continue;
            }
            sum += n as i64 * settle(r, p, result, q == 1, k);
            if let Some(c) = cells.as_mut() {
                c[p as usize * 6 + result * 2 + q] += n;
            }
        }
    }
    sum
}

const CATS: [RefCategory; 13] = [
    RefCategory::HighCard,
    RefCategory::Pair,
    RefCategory::TwoPair,
    RefCategory::ThreeOfAKind,
    RefCategory::Straight,
    RefCategory::Flush,
    RefCategory::FullHouse,
    RefCategory::FourOfAKind,
    RefCategory::StraightFlush,
    RefCategory::FiveOfAKind,
    RefCategory::RoyalFlush,
    RefCategory::FiveAces,
    RefCategory::FiveWilds,
];

/// Adds the deals of `cells` under action `a` (raise `k`) to `out` by net.
fn settle_cells(r: &Rules, cells: &Cells, a: usize, k: i64, out: &mut HashMap<(usize, i64), u64>) {
    for (i, &n) in cells.iter().enumerate() {
        if n > 0 {
            let net = settle(r, CATS[i / 6], i % 6 / 2, i % 2 == 1, k);
            *out.entry((a, net)).or_default() += n;
        }
    }
}

struct Brute {
    /// Per hole: (pre-flop max raise, min raise, check) summed over its deals, and the play.
    holes: Vec<(CardSet, [i64; 3], Preflop)>,
    /// Deals by (action, net in units of 1/(pd·rq)).
    outcomes: HashMap<(String, i64), u64>,
    total: i128,
    cycle: u64,
    /// River spots reached (pre-flop and flop checks) by (category, hole card plays): (spots,
    /// raises); flop spots reached (pre-flop check): (spots, raises).
    river_rule: HashMap<&'static str, (u64, u64)>,
    flop_rule: (u64, u64),
}

/// The river situation of the solver's river rule, in its words, from the rules' view: the
/// category, whether the hand beats the board alone, a pair's place against the board's two
/// highest ranks, a high card's best hole card.
fn river_words(t: &Tally, hole: CardSet, board: CardSet) -> &'static str {
    let c = t.player.unwrap();
    let mut ranks: Vec<u8> = board.iter().map(|c| c.rank().unwrap().0).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    match (c, t.plays) {
        (RefCategory::HighCard, false) => "high card, the board plays",
        (RefCategory::HighCard, true) => {
            let high = hole.iter().map(|c| c.rank().unwrap().0).max().unwrap();
            [
                "high card, best hole card ten or lower",
                "high card, best hole card jack",
                "high card, best hole card queen",
                "high card, best hole card king",
                "high card, best hole card ace",
            ][high.max(8) as usize - 8]
        }
        (RefCategory::Pair, false) => "pair on the board, the board plays",
        // Five board cards of at most four ranks: the player's one pair is the board's.
        (RefCategory::Pair, true) if ranks.len() < 5 => {
            let high = hole.iter().map(|c| c.rank().unwrap().0).max().unwrap();
            match high {
                12 => "pair on the board, a hole card plays as a kicker: best hole card ace",
                11 => "pair on the board, a hole card plays as a kicker: best hole card king",
                _ => "pair on the board, a hole card plays as a kicker: best hole card queen or lower",
            }
        }
        (RefCategory::Pair, true) if t.pair_rank >= ranks[0] => "pair with a hole card: top pair or an overpair",
        (RefCategory::Pair, true) if t.pair_rank >= ranks[1] => "pair with a hole card: second pair",
        (RefCategory::Pair, true) => "pair with a hole card: below second pair",
        (c, plays) => {
            // "<category in words>, <who plays>", interned once per name.
            let name = format!("{}, {}", c.name().replace('-', " "), if plays { "a hole card plays" } else { "the board plays" });
            thread_local!(static NAMES: std::cell::RefCell<Vec<&'static str>> = const { std::cell::RefCell::new(Vec::new()) });
            NAMES.with(|n| {
                let mut n = n.borrow_mut();
                match n.iter().find(|x| **x == name) {
                    Some(x) => *x,
                    None => {
                        let x: &'static str = Box::leak(name.into_boxed_str());
                        n.push(x);
                        x
                    }
                }
            })
        }
    }
}

fn size(k: i64, rq: i64) -> String {
    let g = num_integer::gcd(k, rq);
    if rq / g == 1 {
        format!("{}x", k / g)
    } else {
        format!("{}/{}x", k / g, rq / g)
    }
}


fn brute(d: &Deals, r: &Rules) -> Brute {
    assert!(CATS.iter().enumerate().all(|(i, &c)| c as usize == i));
    let fold_net = -2 * r.pd * r.rq;
    let mut holes = Vec::new();
    let mut outcomes: HashMap<(String, i64), u64> = HashMap::new();
    let (mut total, mut cycle) = (0i128, 0u64);
    let names = [
        format!("pre-flop-raise-{}", size(r.preflop_max, r.rq)),
        format!("pre-flop-raise-{}", size(r.min, r.rq)),
        format!("flop-raise-{}", size(r.flop_max, r.rq)),
        format!("flop-raise-{}", size(r.min, r.rq)),
        format!("river-raise-{}", size(r.river, r.rq)),
        "fold".to_string(),
    ];
    let ks = [r.preflop_max, r.min, r.flop_max, r.min, r.river, 0];
    let mut river_rule: HashMap<&'static str, (u64, u64)> = HashMap::new();
    let mut flop_rule = (0u64, 0u64);
    for hole in Subsets::new(&d.deck, 2) {
        let after_hole: Vec<Card> = d.deck.iter().copied().filter(|c| !hole.contains(*c)).collect();
        let mut pre = [0i64; 3];
        // Deals by cell if the hole raises before the flop, and by action after a check (the
        // pre-flop play is decided after all flops).
        let mut all: Cells = [0; 78];
        let mut after_check: [Cells; 3] = [[0; 78]; 3];
        let mut folds = 0u64;
        let mut hole_river: HashMap<&'static str, (u64, u64)> = HashMap::new();
        let mut hole_flop = (0u64, 0u64);
        for flop in Subsets::new(&after_hole, 3) {
            let after_flop: Vec<Card> = after_hole.iter().copied().filter(|c| !flop.contains(*c)).collect();
            let (mut fmax, mut fmin, mut fcheck) = (0i64, 0i64, 0i64);
            let mut flop_cells: Cells = [0; 78];
            let mut river_cells: Cells = [0; 78];
            let mut flop_folds = 0u64;
            let mut flop_river: HashMap<&'static str, (u64, u64)> = HashMap::new();
            for tr in Subsets::new(&after_flop, 2) {
                let t = &d.tallies[&(hole.0, flop.union(tr).0)];
                let dealers: u64 = t.counts.iter().flatten().sum();
                pre[0] += showdown(r, t, r.preflop_max, Some(&mut flop_cells));
                pre[1] += showdown(r, t, r.min, None);
                fmax += showdown(r, t, r.flop_max, None);
                fmin += showdown(r, t, r.min, None);
                let raise = showdown(r, t, r.river, None);
                let fold = fold_net * dealers as i64;
                let e = flop_river.entry(t.situation).or_default();
                e.0 += 1;
                e.1 += (raise > fold) as u64;
                // Ties go to the smaller wager.
                if raise > fold {
                    fcheck += raise;
                    showdown(r, t, r.river, Some(&mut river_cells));
                } else {
                    fcheck += fold;
                    flop_folds += dealers;
                }
            }
            // The flop play: ties go to the smaller wager (check, then the minimum raise).
            let mut best = (fcheck, 2);
            if r.min < r.flop_max && fmin > best.0 {
                best = (fmin, 1);
            }
            if fmax > best.0 {
                best = (fmax, 0);
            }
            pre[2] += best.0;
            for i in 0..78 {
                all[i] += flop_cells[i];
                after_check[best.1][i] += if best.1 == 2 { river_cells[i] } else { flop_cells[i] };
            }
            if best.1 == 2 {
                folds += flop_folds;
                for (k, v) in flop_river {
                    let e = hole_river.entry(k).or_default();
                    e.0 += v.0;
                    e.1 += v.1;
                }
            }
            hole_flop.0 += 1;
            hole_flop.1 += (best.1 != 2) as u64;
        }
        let mut play = (pre[2], Preflop::Check);
        if r.min < r.preflop_max && pre[1] > play.0 {
            play = (pre[1], Preflop::RaiseMin);
        }
        if pre[0] > play.0 {
            play = (pre[0], Preflop::RaiseMax);
        }
        let mut by_net: HashMap<(usize, i64), u64> = HashMap::new();
        match play.1 {
            Preflop::RaiseMax => settle_cells(r, &all, 0, ks[0], &mut by_net),
            Preflop::RaiseMin => settle_cells(r, &all, 1, ks[1], &mut by_net),
            Preflop::Check => {
                settle_cells(r, &after_check[0], 2, ks[2], &mut by_net);
                settle_cells(r, &after_check[1], 3, ks[3], &mut by_net);
                settle_cells(r, &after_check[2], 4, ks[4], &mut by_net);
                if folds > 0 {
                    by_net.insert((5, fold_net), folds);
                }
            }
        }
        for ((a, net), n) in by_net {
            cycle += n;
            *outcomes.entry((names[a].clone(), net)).or_default() += n;
        }
        total += play.0 as i128;
        holes.push((hole, pre, play.1));
        if play.1 == Preflop::Check {
            flop_rule.0 += hole_flop.0;
            flop_rule.1 += hole_flop.1;
            for (k, v) in hole_river {
                let e = river_rule.entry(k).or_default();
                e.0 += v.0;
                e.1 += v.1;
            }
        }
    }
    Brute { holes, outcomes, total, cycle, river_rule, flop_rule }
}

fn big(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// Everything the solver says, against the brute force.
fn agree(x: &Exact, b: &Brute, r: &Rules) {
    let n = x.classes.iter().map(|c| c.holes).sum::<u64>();
    let deck_len = deck().len() as u64;
    assert_eq!(n, binomial(deck_len, 2));
    let cycle = binomial(deck_len, 2) * binomial(deck_len - 2, 3) * binomial(deck_len - 5, 2) * binomial(deck_len - 7, 2);
    assert_eq!(b.cycle, cycle, "the brute force deals every deal once");
    assert_eq!(x.cycle, cycle);
    let unit = (r.pd * r.rq) as i128;
    // Per hole: the three pre-flop values and the play.
    for (hole, pre, play) in &b.holes {
        let c = x.class_of(*hole).unwrap();
        let per_hole = |total: i128| big(total, c.holes as i128 * x.scale as i128);
        assert_eq!(per_hole(c.totals.raise_max), big(pre[0] as i128, unit), "{hole} raise max");
        assert_eq!(per_hole(c.totals.raise_min), big(pre[1] as i128, unit), "{hole} raise min");
        assert_eq!(per_hole(c.totals.check), big(pre[2] as i128, unit), "{hole} check");
        assert_eq!(c.play, *play, "{hole}");
    }
    assert_eq!(x.expected_net(), big(b.total, unit * cycle as i128));
    // Outcomes by (action, net).
    let s = to_solution(x, false);
    let mut fast: HashMap<(String, BigRational), u128> = HashMap::new();
    for ((id, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        let action = id.split(' ').next().unwrap().to_string();
        *fast.entry((action, net.clone())).or_default() += n;
    }
    let mut slow: HashMap<(String, BigRational), u128> = HashMap::new();
    for ((action, net), n) in &b.outcomes {
        *slow.entry((action.clone(), big(*net as i128, unit))).or_default() += *n as u128;
    }
    fast.retain(|_, n| *n > 0);
    assert_eq!(fast, slow);
    // The teachable rules' tallies: river situations exactly, flop spots in total.
    let river: HashMap<String, (u64, u64)> = river_rule(x).into_iter().map(|l| (l.situation, (l.spots, l.raises))).collect();
    let expected: HashMap<String, (u64, u64)> = b.river_rule.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    assert_eq!(river, expected);
    let flop = flop_rule(x);
    assert_eq!((flop.iter().map(|l| l.spots).sum::<u64>(), flop.iter().map(|l| l.raises).sum::<u64>()), b.flop_rule);
}

/// Pre-flop plans (`heads_up_holdem::plan`): the solver's chart, its opposite (every raise a
/// check and every check a raise) and the short rule replay to what the brute force's own
/// per-hole values of those plays add up to (the flop and river played optimally in both).
fn preflop_plans_replay_as_the_brute_force_plays_them(x: &Exact, b: &Brute, r: &Rules) {
    use parsheet_games::heads_up_holdem::plan as hu;
    let unit = (r.pd * r.rq) as i128;
    let actions = hu::actions(x);
    let optimal = hu::optimal_plan(x);
    let opposite = parsheet_games::plan::Plan::from_actions(optimal.rows().iter().map(|row| (row.class.clone(), if row.action == "check" { actions[0].clone() } else { "check".to_string() }))).unwrap();
    let rules = hu::rules(x);
    assert_eq!(rules[0].plan, optimal);
    for plan in [&optimal, &opposite, &rules[1].plan] {
        let replayed = hu::replay(x, plan).unwrap();
        // The brute force's value of each hole under the plan's action for its class (a class
        // is a set of holes; the plan names each class once).
        let mut total = 0i128;
        for (hole, pre, _) in &b.holes {
            let c = x.class_of(*hole).unwrap();
            let row = plan.rows().iter().find(|row| {
                let rep = x.classes.iter().position(|k| k.representative == c.representative).unwrap();
                optimal.rows()[rep].class == row.class
            });
            let action = row.unwrap().action.as_str();
            total += pre[if action == "check" { 2 } else { 0 }] as i128;
        }
        assert_eq!(replayed.expected_net, big(total, unit * x.cycle as i128));
    }
    assert_eq!(hu::replay(x, &optimal).unwrap().expected_net, x.expected_net());
    assert_eq!(hu::replay(x, &optimal).unwrap().expected_wager, x.expected_wager());
    assert!(hu::replay(x, &rules[1].plan).unwrap().expected_net <= x.expected_net());
}

fn heads_up_rules() -> Rules {
    Rules { pd: 2, rq: 1, preflop_max: 3, flop_max: 2, river: 1, min: 1, odds_win: odds_halves, bad_beat: no_bad_beat }
}

#[test]
fn heads_up_without_bad_beat_agrees_with_brute_force() {
    let d = deals();
    let config = Config::heads_up("odds-push-below-pair", &odds_table(), None).unwrap();
    let x = solve_deck(&d.deck, &config, true).unwrap();
    let r = heads_up_rules();
    let b = brute(&d, &r);
    agree(&x, &b, &r);
    preflop_plans_replay_as_the_brute_force_plays_them(&x, &b, &r);
    // With a 1x minimum, a 1x raise before the river never beats checking (raising 1x at every
    // river is always available after a check).
    assert!(x.classes.iter().all(|c| c.play != Preflop::RaiseMin && c.totals.raise_min <= c.totals.check));
    assert!(x.classes.iter().all(|c| c.totals.flop_min.iter().all(|&n| n == 0)));

    // Second reading and a Bad Beat table, on the same deals.
    let config = Config::heads_up("odds-lose-below-pair", &odds_table(), Some(&bad_beat_table())).unwrap();
    let x = solve_deck(&d.deck, &config, true).unwrap();
    let r = Rules { odds_win: odds_halves_high_card_loses, bad_beat: test_bad_beat, ..heads_up_rules() };
    agree(&x, &brute(&d, &r), &r);

    // Ultimate Texas Hold 'Em's shape: 4x before the flop.
    let x = solve_deck(&d.deck, &Config::ultimate(&odds_table()).unwrap(), true).unwrap();
    let r = Rules { preflop_max: 4, ..heads_up_rules() };
    agree(&x, &brute(&d, &r), &r);

    // A 1/2x minimum raise: the solver values it at every street, and agrees.
    let mut config = Config::heads_up("odds-push-below-pair", &odds_table(), None).unwrap();
    config.min_raise = (1, 2);
    let half = solve_deck(&d.deck, &config, true).unwrap();
    let r = Rules { pd: 2, rq: 2, preflop_max: 6, flop_max: 4, river: 2, min: 1, ..heads_up_rules() };
    agree(&half, &brute(&d, &r), &r);
    // More options cannot cost the player; report what the smaller minimum is used for.
    let full = solve_deck(&d.deck, &Config::heads_up("odds-push-below-pair", &odds_table(), None).unwrap(), true).unwrap();
    assert!(half.expected_net() >= full.expected_net());
    let deals = |x: &Exact, a: Action| x.action_deals().iter().find(|d| d.0 == a).map_or(0, |d| d.1);
    eprintln!(
        "1/2x minimum on the reduced deck: house edge {} -> {}; deals raising 1/2x pre-flop {}, on the flop {} of {}",
        parsheet_paytable::Decimal(&-full.expected_net()).percent(6),
        parsheet_paytable::Decimal(&-half.expected_net()).percent(6),
        deals(&half, Action::PreflopMin),
        deals(&half, Action::FlopMin),
        half.cycle
    );
}

#[test]
fn suit_isomorphism_changes_nothing() {
    let deck = deck();
    let config = Config::heads_up("odds-lose-below-pair", &odds_table(), Some(&bad_beat_table())).unwrap();
    let with = solve_deck(&deck, &config, true).unwrap();
    let without = solve_deck(&deck, &config, false).unwrap();
    assert!(with.classes.len() < without.classes.len(), "the deck has a suit symmetry");
    for c in &without.classes {
        let k = with.class_of(c.representative).unwrap();
        for (a, b) in [(c.totals.raise_max, k.totals.raise_max), (c.totals.raise_min, k.totals.raise_min), (c.totals.check, k.totals.check)] {
            assert_eq!(a * k.holes as i128, b, "{}", c.representative);
        }
        assert_eq!(c.play, k.play);
    }
    assert_eq!(with.expected_net(), without.expected_net());
    assert_eq!(with.outcome_slots(), without.outcome_slots());
}

/// One flop and one river spot of the full 52-card deck, valued with the reference evaluator over
/// every turn-river pair and dealer hand.
#[test]
fn full_deck_spots_agree_with_the_reference_evaluator() {
    use parsheet_cards::Deck;
    use parsheet_games::strategy::heads_up::spot;
    let config = Config::heads_up("odds-push-below-pair", &odds_table(), None).unwrap();
    let r = heads_up_rules();
    let unit = (r.pd * r.rq) as i128;
    let hole: CardSet = "As 7d".parse().unwrap();
    let flop: CardSet = "Kc 7h 2s".parse().unwrap();
    let after_flop: Vec<Card> = Deck::standard().cards().iter().copied().filter(|c| !hole.contains(*c) && !flop.contains(*c)).collect();
    let (mut raise2, mut raise1, mut check, mut deals) = (0i64, 0i64, 0i64, 0i64);
    let mut river_spot = None;
    for tr in Subsets::new(&after_flop, 2) {
        let board = flop.union(tr);
        let player = reference(hole.union(board));
        let rest: Vec<Card> = after_flop.iter().copied().filter(|c| !tr.contains(*c)).collect();
        let mut t = Tally { player: Some(player.category), plays: false, pair_rank: 0, situation: "", counts: [[0; 2]; 3] };
        for dealer in Subsets::new(&rest, 2) {
            let d = reference(dealer.union(board));
            let result = match player.cmp(&d) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            t.counts[result][(d.category >= RefCategory::Pair) as usize] += 1;
        }
        let dealers: u64 = t.counts.iter().flatten().sum();
        raise2 += showdown(&r, &t, 2, None);
        raise1 += showdown(&r, &t, 1, None);
        let river = showdown(&r, &t, 1, None);
        check += river.max(-2 * unit as i64 * dealers as i64);
        deals += dealers as i64;
        if river_spot.is_none() {
            river_spot = Some((board, river, dealers));
        }
    }
    let per = |x: i64| big(x as i128, unit * deals as i128);
    let values: HashMap<String, BigRational> = spot(&config, hole, flop).unwrap().into_iter().collect();
    assert_eq!(values["raise-2x"], per(raise2));
    assert_eq!(values["raise-1x"], per(raise1));
    assert_eq!(values["check"], per(check));
    let (board, river, dealers) = river_spot.unwrap();
    let values: HashMap<String, BigRational> = spot(&config, hole, board).unwrap().into_iter().collect();
    assert_eq!(values["raise-1x"], big(river as i128, unit * dealers as i128));
    assert_eq!(values["fold"], big(-2, 1));
}

/// The Bad Beat theorem of `bad_beat_counts`: two Bad Beat tables with non-negative pays give
/// the same Bad Beat counts, and house edges that differ by exactly the difference of the Bad
/// Beat's analysis under the two tables (both games solved from scratch).
#[test]
fn the_house_edge_is_linear_in_bad_beat_pays() {
    use parsheet_games::strategy::heads_up::{bad_beat_counts, bad_beat_is_linear};
    let deck = deck();
    let small = table("small", &[("straight", "Push"), ("flush", "1 to 1"), ("full-house", "2 to 1"), ("four-of-a-kind", "Push"), ("straight-flush", "Push")]);
    let large = table("large", &[("straight", "7 to 2"), ("flush", "20 to 1"), ("full-house", "40 to 1"), ("four-of-a-kind", "500 to 1"), ("straight-flush", "1000 to 1")]);
    let solve = |t: &Paytable| {
        let c = Config::heads_up("odds-push-below-pair", &odds_table(), Some(t)).unwrap();
        assert!(bad_beat_is_linear(&c));
        solve_deck(&deck, &c, true).unwrap()
    };
    let (a, b) = (solve(&small), solve(&large));
    let (ca, cb) = (bad_beat_counts(&a), bad_beat_counts(&b));
    assert_eq!(ca.rows(), cb.rows());
    assert!(ca.rows()[..6].iter().any(|r| r.1 > 0));
    let bb = |t: &Paytable| parsheet_paytable::analyze(&ca, t).unwrap().house_edge;
    assert_eq!(-b.expected_net(), -a.expected_net() + bb(&large) - bb(&small));
    // Independently: the Bad Beat deals counted by the brute force's tallies.
    let d = deals();
    let mut losing = [0u64; 13];
    for hole in Subsets::new(&d.deck, 2) {
        let after: Vec<Card> = d.deck.iter().copied().filter(|c| !hole.contains(*c)).collect();
        for board in Subsets::new(&after, 5) {
            let t = &d.tallies[&(hole.0, board.0)];
            let p = t.player.unwrap();
            if p >= RefCategory::Straight {
                losing[p as usize] += t.counts[2][1] * 10; // ten flop/turn-river splits of a board
            }
        }
    }
    for (name, n) in ca.rows() {
        if let Some(c) = CATS.iter().find(|c| c.name() == name) {
            assert_eq!(*n as u64, losing[*c as usize], "{name}");
        }
    }
}
