//! Face Up Pai Gow Progressive (688a.12(d)) against numbers found without the code under test:
//!
//! - the fully-wild-joker ranking (`Ranking::PaiGowWildJoker`) against a substitution evaluator
//!   written here over `parsheet-reference` (the joker replaced by each of the 52 cards), on
//!   every five-card hand and on seeded seven-card samples;
//! - every outcome count, under every reading, against a classifier written here from the words
//!   of 688a.6(a), (b), (f): rank counts and suit masks, the joker replaced by every card it may
//!   be (an ace or any straight/flush filler for the ordinary joker, any card when fully wild),
//!   run on every suit-isomorphism class and compared class by class; the classifier's best
//!   category is itself checked against the reference evaluators on seeded samples;
//! - closed forms derived here for the seven-card straight flushes, the Royal Match, five aces
//!   and five of a kind.

use std::collections::BTreeMap;

use parsheet_cards::{binomial, iso, Card, CardSet, Deck, Subsets};
use parsheet_eval::{Evaluator, HandRank, Ranking};
use parsheet_games::fupg_progressive::OUTCOMES;
use parsheet_games::{find, OTHER};
use parsheet_reference as reference;
use reference::{RefCard, RefCategory, RefValue};

// The dedicated classification the program counted with before it counted the definition.
#[allow(dead_code)]
mod oracles;
use oracles::fupg_progressive::{outcome, Reading};

const C53_7: u64 = 154_143_080;

fn to_ref(cards: CardSet) -> Vec<RefCard> {
    cards
        .iter()
        .map(|c: Card| match (c.rank(), c.suit()) {
            (Some(r), Some(s)) => RefCard::natural(r.0, s.0),
            _ => RefCard::Joker,
        })
        .collect()
}

/// Five cards with a fully wild joker, by substitution: four of a rank and the joker are five of
/// a kind; otherwise the joker becomes each card not in the hand and the best pai gow reading
/// of the five naturals is kept (a card already held never helps without four of its rank).
fn wild_joker_five(cards: &[RefCard]) -> RefValue {
    assert_eq!(cards.len(), 5);
    if !cards.contains(&RefCard::Joker) {
        return reference::pai_gow(cards);
    }
    let naturals: Vec<RefCard> = cards.iter().copied().filter(|c| !c.is_joker()).collect();
    for r in 0..13 {
        if naturals.iter().filter(|c| c.rank() == Some(r)).count() == 4 {
            return RefValue { category: RefCategory::FiveOfAKind, tiebreak: vec![r] };
        }
    }
    reference::deck(false)
        .into_iter()
        .filter(|c| !naturals.contains(c))
        .map(|c| {
            let mut five = naturals.clone();
            five.push(c);
            reference::pai_gow(&five)
        })
        .max()
        .unwrap()
}

/// Best five of five to seven cards with a fully wild joker.
fn wild_joker_best(cards: &[RefCard]) -> RefValue {
    let n = cards.len();
    let mut best: Option<RefValue> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<RefCard> = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| cards[i]).collect();
        let v = wild_joker_five(&five);
        if best.as_ref().is_none_or(|b| v > *b) {
            best = Some(v);
        }
    }
    best.unwrap()
}

/// The fast ranks against reference values: same category, and an order isomorphism.
struct Agreement {
    map: BTreeMap<RefValue, (HandRank, CardSet)>,
}

impl Agreement {
    fn check(&mut self, hand: CardSet, fast: HandRank, slow: RefValue) {
        let e = Evaluator::get(Ranking::PaiGowWildJoker);
        assert_eq!(e.category(fast).name(), slow.category.name(), "{hand}");
        if let Some(&(other, other_hand)) = self.map.get(&slow) {
            assert_eq!(fast, other, "{hand} and {other_hand} are equal by substitution");
        } else {
            self.map.insert(slow, (fast, hand));
        }
    }

    fn finish(self) {
        let ranks: Vec<(HandRank, CardSet)> = self.map.values().copied().collect();
        for w in ranks.windows(2) {
            assert!(w[0].0 < w[1].0, "{} should rank below {}", w[0].1, w[1].1);
        }
    }
}

#[test]
fn wild_joker_ranking_agrees_with_substitution_on_every_five_card_hand() {
    let e = Evaluator::get(Ranking::PaiGowWildJoker);
    let deck = Deck::with_joker();
    let mut agreement = Agreement { map: BTreeMap::new() };
    let mut by_category: BTreeMap<&str, u64> = BTreeMap::new();
    for hand in Subsets::new(deck.cards(), 5) {
        let fast = e.evaluate(hand);
        agreement.check(hand, fast, wild_joker_five(&to_ref(hand)));
        *by_category.entry(e.category(fast).name()).or_default() += 1;
    }
    agreement.finish();
    assert_eq!(by_category.values().sum::<u64>(), binomial(53, 5));
    // Four of a rank and the joker: 13.
    assert_eq!(by_category["five-of-a-kind"], 13);
    // A-K-Q-J-10 of a suit, or four of them and the joker: 4 x (1 + 5).
    assert_eq!(by_category["royal-flush"], 24);
    // Natural: the 10 five-runs of a suit (A-5 … 10-A) less the royal, 4 x 9. With the joker:
    // four suited ranks inside a five-run: 10 runs x 5 subsets, less the 9 four-runs shared by
    // neighbouring runs, less the 5 that make a royal; 4 x 36.
    assert_eq!(by_category["straight-flush"], 4 * 9 + 4 * (10 * 5 - 9 - 5));
    assert!(!by_category.contains_key("five-aces") && !by_category.contains_key("five-wilds"));
}

/// A seeded generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn hand(&mut self, from: &[Card], k: usize) -> CardSet {
        let mut set = CardSet::EMPTY;
        while set.len() < k as u32 {
            set = set.with(from[(self.next() % from.len() as u64) as usize]);
        }
        set
    }
}

/// Uniform hands, and hands from a rich sub-deck (one suit, the joker, aces, kings, queens,
/// tens) where straight flushes, royals, Royal Matches and five of a kind turn up.
fn samples(seed: u64, n: usize, with_joker_only: bool) -> Vec<CardSet> {
    let deck = Deck::with_joker();
    let rich: Vec<Card> = deck
        .cards()
        .iter()
        .copied()
        .filter(|c| c.is_joker() || c.suit().map(|s| s.0) == Some(3) || matches!(c.rank().map(|r| r.0), Some(8 | 10 | 11 | 12)))
        .collect();
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let i = out.len();
        let h = rng.hand(if i % 2 == 0 { deck.cards() } else { &rich[..] }, 7);
        if !with_joker_only || h.has_joker() || i % 4 == 0 {
            out.push(h);
        }
    }
    out
}

#[test]
fn wild_joker_seven_card_samples_agree_with_substitution() {
    let e = Evaluator::get(Ranking::PaiGowWildJoker);
    let mut agreement = Agreement { map: BTreeMap::new() };
    for hand in samples(0x5eed_f0b6, 6_000, true) {
        agreement.check(hand, e.evaluate(hand), wild_joker_best(&to_ref(hand)));
    }
    agreement.finish();
}

// ---------------------------------------------------------------------------
// The independent classifier.
// ---------------------------------------------------------------------------

const ROYAL: u16 = 0x1f00;
const KING_QUEEN: u16 = 0x0c00;

/// Whether a 13-bit rank mask holds `len` consecutive ranks, the ace high or low.
fn has_run(mask: u16, len: u32) -> bool {
    let ext = (mask as u32) << 1 | (mask as u32 >> 12 & 1);
    (0..=14 - len).any(|lo| (ext >> lo) & ((1 << len) - 1) == (1 << len) - 1)
}

/// Natural cards as (rank, suit); a substituted joker may repeat a card held.
#[derive(Clone, Copy, Default)]
struct Held {
    seven_run: bool,
    royal_match: bool,
    five_aces: bool,
    five_of_a_kind: bool,
    royal: bool,
    straight_flush: bool,
    four: bool,
    full_house: bool,
    flush: bool,
    straight: bool,
    trips: bool,
}

impl Held {
    fn or(&mut self, o: Held) {
        self.seven_run |= o.seven_run;
        self.royal_match |= o.royal_match;
        self.five_aces |= o.five_aces;
        self.five_of_a_kind |= o.five_of_a_kind;
        self.royal |= o.royal;
        self.straight_flush |= o.straight_flush;
        self.four |= o.four;
        self.full_house |= o.full_house;
        self.flush |= o.flush;
        self.straight |= o.straight;
        self.trips |= o.trips;
    }
}

/// The hands of 688a.6(f) and (b) that seven natural cards hold, read off rank counts and suit
/// masks. `matchers` are the suit masks the Royal Match's king and queen may come from.
fn held(cards: &[(u8, u8)], matchers: [u16; 4]) -> Held {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for &(r, s) in cards {
        counts[r as usize] += 1;
        suits[s as usize] |= 1 << r;
    }
    let ranks = suits.iter().fold(0, |a, b| a | b);
    let mut h = Held::default();
    for s in 0..4 {
        h.seven_run |= has_run(suits[s], 7);
        h.straight_flush |= has_run(suits[s], 5);
        h.flush |= suits[s].count_ones() >= 5;
        if suits[s] & ROYAL == ROYAL {
            h.royal = true;
            h.royal_match |= (0..4).any(|t| t != s && matchers[t] & KING_QUEEN == KING_QUEEN);
        }
    }
    h.straight = has_run(ranks, 5);
    h.five_aces = counts[12] >= 5;
    h.five_of_a_kind = counts.iter().any(|&c| c >= 5);
    h.four = counts.iter().any(|&c| c >= 4);
    h.trips = counts.iter().any(|&c| c >= 3);
    h.full_house = (0..13).any(|a| counts[a] >= 3 && (0..13).any(|b| b != a && counts[b] >= 2));
    h
}

/// Index into OUTCOMES (OUTCOMES.len() for none), by the rules' words.
fn classify(reading: Reading, hand: CardSet) -> usize {
    let naturals: Vec<(u8, u8)> = hand.iter().filter(|c| !c.is_joker()).map(|c| (c.rank().unwrap().0, c.suit().unwrap().0)).collect();
    let natural_suits = {
        let mut m = [0u16; 4];
        for &(r, s) in &naturals {
            m[s as usize] |= 1 << r;
        }
        m
    };
    let joker = hand.has_joker();
    let mut h = Held::default();
    if !joker {
        h = held(&naturals, natural_suits);
    } else {
        for r in 0..13u8 {
            for s in 0..4u8 {
                let mut seven = naturals.clone();
                seven.push((r, s));
                if reading.fully_wild_joker {
                    // Any card, the Royal Match's king or queen included.
                    let mut matchers = natural_suits;
                    matchers[s as usize] |= 1 << r;
                    h.or(held(&seven, matchers));
                } else {
                    // 688a.6(a): an ace, or any card completing a straight, a flush, a straight
                    // flush or a royal flush (the Royal Match's king and queen stay natural).
                    let x = held(&seven, natural_suits);
                    h.seven_run |= x.seven_run;
                    h.royal_match |= x.royal_match;
                    h.royal |= x.royal;
                    h.straight_flush |= x.straight_flush;
                    h.flush |= x.flush;
                    h.straight |= x.straight;
                    if r == 12 {
                        h.five_aces |= x.five_aces;
                        h.four |= x.four;
                        h.full_house |= x.full_house;
                        h.trips |= x.trips;
                    }
                }
            }
        }
        if !reading.fully_wild_joker {
            // An ordinary joker makes five of a kind only of aces.
            h.five_of_a_kind = h.five_aces;
        }
    }
    let seven_card = |royal: bool, base: usize| if royal { base } else { base + 1 };
    match () {
        _ if h.seven_run && !joker => seven_card(h.royal, 0),
        _ if h.royal_match => 2,
        _ if h.seven_run => seven_card(h.royal, 3),
        _ if h.five_aces => 5,
        _ if h.five_of_a_kind => 6,
        _ if h.royal => 7,
        _ if h.straight_flush => 8,
        _ if h.four => 9,
        _ if h.full_house => 10,
        _ if h.flush => 11,
        _ if h.straight && !(reading.trips_over_straight && h.trips) => 12,
        _ if h.trips || h.straight => 13,
        _ => OUTCOMES.len(),
    }
}

/// The pai gow category name of the classifier's outcome, where it names one.
fn category_of_outcome(i: usize) -> Option<&'static str> {
    Some(match OUTCOMES.get(i)? {
        &"five-aces" => return None,
        &"five-of-a-kind" => "five-of-a-kind",
        &"royal-flush" => "royal-flush",
        &"straight-flush" => "straight-flush",
        &"four-of-a-kind" => "four-of-a-kind",
        &"full-house" => "full-house",
        &"flush" => "flush",
        &"straight" => "straight",
        &"three-of-a-kind" => "three-of-a-kind",
        _ => return None,
    })
}

const READINGS: [&str; 4] = ["ordinary-joker", "fully-wild-joker", "ordinary-joker-trips-over-straight", "fully-wild-joker-trips-over-straight"];

#[test]
fn the_classifier_agrees_with_the_reference_evaluators_on_samples() {
    for variant in ["ordinary-joker", "fully-wild-joker"] {
        let reading = Reading::of(variant);
        for hand in samples(0xfa11_0001, 20_000, false) {
            let mine = classify(reading, hand);
            let best = if reading.fully_wild_joker { wild_joker_best(&to_ref(hand)) } else { reference::pai_gow(&to_ref(hand)) };
            if let Some(name) = category_of_outcome(mine) {
                assert_eq!(name, best.category.name(), "{variant} {hand}");
            }
            match OUTCOMES.get(mine) {
                Some(&"five-aces") => assert!(matches!(best.category, RefCategory::FiveAces | RefCategory::FiveOfAKind), "{hand}"),
                Some(o) if o.starts_with("7-card") || o.starts_with("royal-flush-plus") => {
                    let royal = best.category == RefCategory::RoyalFlush;
                    assert!(royal || best.category == RefCategory::StraightFlush, "{variant} {hand}");
                    assert_eq!(o.ends_with("holding-royal") || o.starts_with("royal-flush-plus"), royal, "{variant} {hand}");
                }
                Some(_) => {}
                None => assert!(best.category < RefCategory::ThreeOfAKind, "{variant} {hand}"),
            }
            // The oracle's classification and the program's (the definition's, as its shards
            // and the rule audit use it) on the same hand.
            assert_eq!(outcome(reading, hand), mine, "{variant} {hand}");
            let program = find("face-up-pai-gow", "progressive").unwrap().outcome_of(Some(variant), hand).unwrap().unwrap();
            assert_eq!(program, OUTCOMES.get(mine).copied().unwrap_or(OTHER), "{variant} {hand}");
        }
    }
}

#[test]
fn counts_agree_with_the_classifier_on_every_class() {
    for variant in READINGS {
        let reading = Reading::of(variant);
        let mut by = vec![0u64; OUTCOMES.len() + 1];
        let mut total = 0;
        iso::for_each_class(7, true, |hand, weight| {
            let mine = classify(reading, hand);
            assert_eq!(outcome(reading, hand), mine, "{variant} {hand}: {:?}", OUTCOMES.get(mine));
            by[mine] += weight;
            total += weight;
        });
        assert_eq!(total, binomial(53, 7));
        let counts = find("face-up-pai-gow", "progressive").unwrap().count(Some(variant)).unwrap();
        assert_eq!(counts.cycle(), C53_7 as u128);
        for (i, o) in OUTCOMES.iter().enumerate() {
            assert_eq!(counts.get(o), Some(by[i] as u128), "{variant} {o}");
        }
        assert_eq!(counts.get(OTHER), Some(by[OUTCOMES.len()] as u128), "{variant}");
    }
}

#[test]
fn closed_forms() {
    let wager = find("face-up-pai-gow", "progressive").unwrap();
    // Six suited ranks that fit a seven-run (A-7 … 8-A) with the joker filling the gap, by suit
    // mask; those holding four of 10-J-Q-K-A also hold a royal (the joker the fifth).
    let (mut wild, mut wild_royal) = (0u128, 0u128);
    for mask in 0u16..1 << 13 {
        if mask.count_ones() == 6 && (0..13).any(|r| mask >> r & 1 == 0 && has_run(mask | 1 << r, 7)) {
            wild += 4;
            wild_royal += 4 * ((mask & ROYAL).count_ones() >= 4) as u128;
        }
    }
    // Eight seven-runs per suit, each with seven six-card subsets; neighbouring runs share one.
    assert_eq!(wild, 4 * (8 * 7 - 7));
    // Run 8-A: all seven subsets; run 7-K: those with 10-J-Q-K, less the one shared with 8-A.
    assert_eq!(wild_royal, 4 * (7 + 2));
    let c48_2 = binomial(48, 2) as u128;
    for variant in READINGS {
        let c = wager.count(Some(variant)).unwrap();
        let fully_wild = Reading::of(variant).fully_wild_joker;
        // Seven-runs: 8 per suit; only 8-A holds a royal.
        assert_eq!(c.get("7-card-natural-straight-flush-holding-royal"), Some(4));
        assert_eq!(c.get("7-card-natural-straight-flush"), Some(4 * 7));
        assert_eq!(c.get("7-card-wild-straight-flush-holding-royal"), Some(wild_royal));
        assert_eq!(c.get("7-card-wild-straight-flush"), Some(wild - wild_royal));
        // Royal in suit s (natural, or four of it and the joker: 1 + 5 ways), K and Q of one of
        // the 3 other suits; fully wild, also a natural royal, the joker and a natural K or Q.
        let royal_match = 4 * 3 * (1 + 5) + if fully_wild { 4 * 3 * 2 } else { 0 };
        assert_eq!(c.get("royal-flush-plus-royal-match"), Some(royal_match), "{variant}");
        // Four aces, the joker and any two of the other 48 (nothing better fits in seven).
        assert_eq!(c.get("five-aces"), Some(c48_2));
        assert_eq!(c.get("five-of-a-kind"), Some(if fully_wild { 12 * c48_2 } else { 0 }), "{variant}");
        assert_eq!(c.cycle(), binomial(53, 7) as u128);
    }
    // The readings differ only in three of a kind against a straight, by the same hands.
    for joker in ["ordinary-joker", "fully-wild-joker"] {
        let a = wager.count(Some(joker)).unwrap();
        let b = wager.count(Some(&format!("{joker}-trips-over-straight"))).unwrap();
        let moved = a.get("straight").unwrap() - b.get("straight").unwrap();
        assert!(moved > 0);
        assert_eq!(b.get("three-of-a-kind").unwrap() - a.get("three-of-a-kind").unwrap(), moved);
        for o in OUTCOMES.iter().filter(|o| !matches!(**o, "straight" | "three-of-a-kind")) {
            assert_eq!(a.get(o), b.get(o), "{o}");
        }
    }
}

#[test]
fn counts_by_reading_for_the_record() {
    // Printed with --nocapture for reports; asserts nothing beyond the cycle.
    for variant in READINGS {
        let c = find("face-up-pai-gow", "progressive").unwrap().count(Some(variant)).unwrap();
        assert_eq!(c.cycle(), C53_7 as u128);
        for o in OUTCOMES.iter().chain([&OTHER]) {
            println!("{variant:40} {o:45} {:>12}", c.get(o).unwrap());
        }
    }
}
